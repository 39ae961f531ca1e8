import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlainButton } from './PlainButton';

describe('PlainButton', () => {
  it('calls onPress on a click and on Enter', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<PlainButton onPress={onPress}>次へ</PlainButton>);
    const button = screen.getByRole('button', { name: '次へ' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('data-variant', 'primary');
    await user.click(button);
    button.focus();
    await user.keyboard('{Enter}');
    expect(onPress).toHaveBeenCalledTimes(2);
  });

  it('is not pressed while disabled', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(
      <PlainButton isDisabled onPress={onPress}>
        次へ
      </PlainButton>,
    );
    await user.click(screen.getByRole('button', { name: '次へ' }));
    expect(screen.getByRole('button', { name: '次へ' })).toBeDisabled();
    expect(onPress).not.toHaveBeenCalled();
  });

  it('while pending: names its progress, keeps focus, ignores presses and does not submit', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const { container } = render(
      <form>
        <PlainButton type="submit" isPending pendingLabel="送信中" onPress={onPress}>
          予約する
        </PlainButton>
      </form>,
    );
    container.querySelector('form')!.addEventListener('submit', onSubmit);
    const button = screen.getByRole('button', { name: /予約する/ });
    expect(screen.getByRole('progressbar', { name: '送信中' })).toBeInTheDocument();
    expect(button).toBeEnabled();
    await user.click(button);
    expect(button).toHaveFocus();
    expect(onPress).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits its form when it is a submit button', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const { container } = render(
      <form>
        <PlainButton type="submit">送信</PlainButton>
      </form>,
    );
    container.querySelector('form')!.addEventListener('submit', onSubmit);
    await user.click(screen.getByRole('button', { name: '送信' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
