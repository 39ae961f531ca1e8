import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextArea } from './TextArea';

describe('TextArea', () => {
  it('is a labelled multi-line field that reports what is typed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TextArea label="説明" value="" onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: '説明' });
    expect(field.tagName).toBe('TEXTAREA');
    await user.type(field, 'あ');
    expect(onChange).toHaveBeenLastCalledWith('あ');
  });

  it('when invalid, marks the field and describes it with the reason', () => {
    render(<TextArea label="説明" isRequired isInvalid errorMessage="入力してください。" />);
    const field = screen.getByRole('textbox', { name: /説明/ });
    expect(field).toBeInvalid();
    expect(field).toBeRequired();
    expect(field).toHaveAccessibleDescription('入力してください。');
  });
});
