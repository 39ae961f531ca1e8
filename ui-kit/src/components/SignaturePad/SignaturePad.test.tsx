import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SignaturePad } from './SignaturePad';

describe('SignaturePad', () => {
  it('is a named group that says the typed name is enough, with a canvas announced as empty', () => {
    render(<SignaturePad />);
    const group = screen.getByRole('group', { name: '手書きのサイン（任意）' });
    expect(group).toHaveAccessibleDescription(/お名前の入力で足ります/);
    expect(screen.getByRole('img', { name: '手書きのサイン欄（未記入）' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '書き直す' })).toBeDisabled();
  });

  it('clears a drawing: the owner hears null and the canvas is empty again', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<SignaturePad value="data:image/png;base64,iVBORw0KGgo=" onChange={onChange} />);
    expect(screen.getByRole('img', { name: '手書きのサイン欄（記入済み）' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '書き直す' }));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(screen.getByRole('img', { name: '手書きのサイン欄（未記入）' })).toBeInTheDocument();
  });
});
