import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FormStatusBadge, visitFormStatus } from './FormStatusBadge';

describe('FormStatusBadge', () => {
  it('names the state and lists each flag', () => {
    render(<FormStatusBadge status="answered" flags={['妊娠の可能性あり', '抗凝固薬']} />);
    expect(screen.getByText('回答済')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: '要確認' })).toHaveTextContent('妊娠の可能性あり抗凝固薬');
  });

  it('puts the flags in one pill in the compact size, the whole list in its title', () => {
    render(<FormStatusBadge status="pending" count="1/2" size="sm" flags={['妊娠の可能性あり']} />);
    expect(screen.getByText('未回答 1/2')).toBeInTheDocument();
    expect(screen.getByText('要確認: 妊娠の可能性あり')).toHaveAttribute('title', '要確認: 妊娠の可能性あり');
  });

  it('derives a visit state from the required and complete counts', () => {
    expect(visitFormStatus({ required: 0, complete: 0 })).toBeNull();
    expect(visitFormStatus(undefined)).toBeNull();
    expect(visitFormStatus({ required: 2, complete: 1 })).toEqual({ status: 'pending', count: '1/2' });
    expect(visitFormStatus({ required: 2, complete: 2 })).toEqual({ status: 'answered' });
    // The person sent both; the consent waits for the doctor.
    expect(visitFormStatus({ required: 2, complete: 1, sent: 2 })).toEqual({ status: 'answered', awaitingDoctor: true });
    expect(visitFormStatus({ required: 3, complete: 0, sent: 1 })).toEqual({ status: 'pending', count: '1/3' });
  });
});
