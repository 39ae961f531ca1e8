import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clinics, fakeApi, staffProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { failedFirst, type StaffMessage } from './messages.api';

const message = (id: string, status: StaffMessage['status'], overrides: Partial<StaffMessage> = {}): StaffMessage => ({
  id,
  clinicId: 'c1',
  userId: 'u1',
  reservationId: 'r1',
  channel: 'LINE',
  kind: 'REMINDER',
  status,
  to: '山田 花子（LINE）',
  subject: null,
  scheduledAt: '2026-12-06T18:00:00+09:00',
  sentAt: status === 'SENT' ? '2026-12-06T18:00:03+09:00' : null,
  createdAt: '2026-12-01T09:00:00+09:00',
  attempts: status === 'FAILED' ? 8 : 1,
  lastError: status === 'FAILED' ? 'LINEに送信できませんでした（500）。' : null,
  resendable: status === 'FAILED',
  ...overrides,
});

describe('送信履歴', () => {
  it('puts the failed messages first', () => {
    const list = [message('a', 'SENT'), message('b', 'FAILED'), message('c', 'SCHEDULED'), message('d', 'FAILED')];
    expect(failedFirst(list).map((m) => m.id)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('shows the failed messages in their own section, filters by status, and resends a failed one', async () => {
    const user = userEvent.setup();
    let failed = true;
    const all = () => [
      message('m2', 'SENT', { kind: 'CONFIRMATION', channel: 'MAIL', to: 'hanako@example.jp' }),
      message('m1', failed ? 'FAILED' : 'SCHEDULED'),
    ];
    const fake = fakeApi({
      'GET /api/staffs/profile': { body: staffProfile() },
      'GET /api/staffs/clinics': { body: clinics },
      'GET /api/staffs/messages': (_init, url) => {
        const status = new URL(url, 'http://x').searchParams.get('status');
        return { body: all().filter((m) => !status || m.status === status) };
      },
      'POST /api/staffs/messages/m1/resend': () => {
        failed = false;
        return { status: 202, body: message('m1', 'SCHEDULED', { attempts: 0, lastError: null }) };
      },
    });
    renderApp('/staff/messages/', fake);
    expect(await screen.findByRole('heading', { level: 1, name: '送信履歴' })).toBeInTheDocument();

    const failedList = await screen.findByRole('list', { name: '送信に失敗したメッセージ' });
    const failedRow = within(failedList).getByTestId('message-row');
    expect(failedRow).toHaveTextContent('リマインド送信失敗LINE');
    expect(failedRow).toHaveTextContent('試行8回');
    expect(failedRow).toHaveTextContent('エラー: LINEに送信できませんでした（500）。');
    const allList = screen.getByRole('list', { name: '送信履歴' });
    expect(within(allList).getAllByTestId('message-row')).toHaveLength(2);
    // 再送 only where the server would accept it: not for the confirmation sent a moment ago.
    expect(
      within(allList)
        .getAllByRole('button', { name: /を再送$/ })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['リマインド（山田 花子（LINE））を再送']);
    expect(fake.calls.some((c) => c.url.includes('/api/staffs/messages?clinicId=c1&status=FAILED'))).toBe(true);

    await user.click(screen.getByRole('button', { name: /状態/ }));
    await user.click(await screen.findByRole('option', { name: '送信済み' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: '送信履歴' })).getAllByTestId('message-row')).toHaveLength(1));
    expect(within(screen.getByRole('list', { name: '送信履歴' })).getByTestId('message-row')).toHaveTextContent('予約確認送信済みメール');

    await user.click(within(failedRow).getByRole('button', { name: 'リマインド（山田 花子（LINE））を再送' }));
    expect(await screen.findByText('再送を受け付けました。まもなく送信されます。')).toBeInTheDocument();
    expect(await screen.findByText('送信に失敗したメッセージはありません。')).toBeInTheDocument();
  });
});
