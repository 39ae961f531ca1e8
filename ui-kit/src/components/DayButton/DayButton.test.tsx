import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { DayButton } from './DayButton';

describe('DayButton', () => {
  it('a day reads as what it shows (label in name) and marks its weekday', () => {
    render(<DayButton month="12/" day={6} weekday="(日)" dayOfWeek={0} isDisabled />);
    const day = screen.getByRole('button', { name: '12/6(日)' });
    expect(day).toBeDisabled();
    expect(day).toHaveAttribute('data-weekday', '0');
  });
});
