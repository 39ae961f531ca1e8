import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckboxGroup } from './CheckboxGroup';

const options = [
  { value: 'a', label: 'ぜんそく' },
  { value: 'b', label: 'ケロイド体質' },
];

describe('CheckboxGroup', () => {
  it('is a labelled group whose ticks report every chosen value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<CheckboxGroup label="既往歴" options={options} onChange={onChange} />);
    expect(screen.getByRole('group', { name: '既往歴' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'ぜんそく' }));
    await user.click(screen.getByRole('checkbox', { name: 'ケロイド体質' }));
    expect(onChange).toHaveBeenLastCalledWith(['a', 'b']);
  });

  it('shows its reason when invalid', () => {
    render(<CheckboxGroup label="既往歴" options={options} isRequired errorMessage="選んでください。" />);
    expect(screen.getByText('選んでください。')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /既往歴/ })).toHaveAttribute('data-invalid');
    expect(screen.getByRole('group', { name: /既往歴/ })).toHaveAccessibleDescription('選んでください。');
  });
});
