import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorState } from './ErrorState';

describe('ErrorState', () => {
  it('announces the reason and tries again on 再読み込み', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<ErrorState message="通信に失敗しました。" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('通信に失敗しました。');
    await user.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('takes the button text from the caller', () => {
    render(<ErrorState message="x" onRetry={() => {}} retryLabel="Retry" />);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
