import { describe, expect, it, vi, afterEach } from 'vitest';
import { act, render, screen, fireEvent, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState, type ReactNode } from 'react';
import { UiKitProvider } from './providers';
import { useMessages } from './components/Messages';
import { ConfirmDialog } from './components/ConfirmDialog';
import { PasswordField } from './components/PasswordField';
import { Drawer } from './components/Drawer';
import { Select } from './components/Select';

function Wrap({ children }: { children: ReactNode }) {
  return <UiKitProvider>{children}</UiKitProvider>;
}

describe('ConfirmDialog', () => {
  it('calls onConfirm on はい and onCancel on いいえ', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog isOpen message="予約を取り消しますか？" onConfirm={onConfirm} onCancel={onCancel} />, { wrapper: Wrap });
    const dialog = screen.getByRole('alertdialog', { name: '確認' });
    expect(dialog).toHaveTextContent('予約を取り消しますか？');
    await user.click(screen.getByRole('button', { name: 'はい' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'いいえ' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('treats Escape as いいえ', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(<ConfirmDialog isOpen message="よろしいですか？" onConfirm={() => {}} onCancel={onCancel} />, {
      wrapper: Wrap,
    });
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('PasswordField', () => {
  it('toggles between hidden and shown', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="パスワード" defaultValue="secret" />, { wrapper: Wrap });
    const input = screen.getByLabelText('パスワード');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'パスワードを表示' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'パスワードを隠す' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});

describe('Drawer', () => {
  function Harness({ onChange }: { onChange: (open: boolean) => void }) {
    const [open, setOpen] = useState(true);
    return (
      <Drawer
        title="メニュー"
        isOpen={open}
        onOpenChange={(o) => {
          onChange(o);
          setOpen(o);
        }}
      >
        <a href="#reservations">予約一覧</a>
      </Drawer>
    );
  }

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />, { wrapper: Wrap });
    expect(screen.getByRole('dialog', { name: 'メニュー' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog', { name: 'メニュー' })).not.toBeInTheDocument();
  });

  it('closes with the 閉じる button', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />, { wrapper: Wrap });
    const dialog = screen.getByRole('dialog', { name: 'メニュー' });
    await user.click(within(dialog).getByRole('button', { name: '閉じる' }));
    expect(onChange).toHaveBeenCalledWith(false);
  });
});

describe('Select', () => {
  it('reports the chosen id', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    render(
      <Select
        label="店舗"
        items={[
          { id: 'shibuya', label: '渋谷院' },
          { id: 'umeda', label: '梅田院' },
        ]}
        onSelectionChange={onSelectionChange}
      />,
      { wrapper: Wrap },
    );
    await user.click(screen.getByRole('button', { name: /店舗/ }));
    await user.click(screen.getByRole('option', { name: '梅田院' }));
    expect(onSelectionChange).toHaveBeenCalledWith('umeda');
  });
});

describe('messages', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function Show({ text, tone, durationMs }: { text: string; tone?: 'error' | 'success'; durationMs?: number }) {
    const { show } = useMessages();
    useEffect(() => {
      show({ text, tone, durationMs });
    }, [show, text, tone, durationMs]);
    return null;
  }

  it('each message disappears after its own duration', () => {
    vi.useFakeTimers();
    render(
      <>
        <Show text="予約を登録しました。" tone="success" durationMs={1000} />
        <Show text="通信に失敗しました。" tone="error" />
      </>,
      { wrapper: Wrap },
    );
    expect(screen.getByRole('status')).toHaveTextContent('予約を登録しました。');
    expect(screen.getByRole('alert')).toHaveTextContent('通信に失敗しました。');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('予約を登録しました。')).not.toBeInTheDocument();
    expect(screen.getByText('通信に失敗しました。')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(screen.queryByText('通信に失敗しました。')).not.toBeInTheDocument();
  });

  it('can be dismissed', () => {
    render(<Show text="保存しました。" tone="success" />, { wrapper: Wrap });
    fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(screen.queryByText('保存しました。')).not.toBeInTheDocument();
  });
});
