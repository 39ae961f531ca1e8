import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChoiceCard } from './ChoiceCard';

describe('ChoiceCard', () => {
  it('is a toggle button named by its title and description, pressed when chosen', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    const { rerender } = render(<ChoiceCard title="新規カウンセリング" description="約30分・無料" isSelected={false} onPress={onPress} />);
    const card = screen.getByRole('button', { name: /^新規カウンセリング\s*約30分・無料$/ });
    expect(card).toHaveAttribute('type', 'button');
    expect(card).toHaveAttribute('aria-pressed', 'false');
    await user.click(card);
    card.focus();
    await user.keyboard('{Enter}');
    expect(onPress).toHaveBeenCalledTimes(2);
    rerender(<ChoiceCard title="新規カウンセリング" isSelected onPress={onPress} />);
    expect(screen.getByRole('button', { name: '新規カウンセリング', pressed: true })).toBeInTheDocument();
  });

  it('without isSelected is a plain button; disabled, it is not pressed', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<ChoiceCard title="ハイフ" isDisabled onPress={onPress} />);
    const card = screen.getByRole('button', { name: 'ハイフ' });
    expect(card).not.toHaveAttribute('aria-pressed');
    await user.click(card);
    expect(onPress).not.toHaveBeenCalled();
  });
});
