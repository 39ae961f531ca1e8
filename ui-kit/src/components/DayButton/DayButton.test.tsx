import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { DayButton } from './DayButton';

describe('DayButton', () => {
  it('a day reads as its whole date and marks its weekday', () => {
    render(<DayButton aria-label="12月6日(日)" month="12/" day={6} weekday="(日)" dayOfWeek={0} isDisabled />);
    const day = screen.getByRole('button', { name: '12月6日(日)' });
    expect(day).toBeDisabled();
    expect(day).toHaveAttribute('data-weekday', '0');
  });
});
