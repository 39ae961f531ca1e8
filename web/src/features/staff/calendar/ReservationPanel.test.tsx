import { UiKitProvider } from '@clinic/ui-kit';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { translate } from '../../../i18n';
import { createHttpClient } from '../../../shared/api/http';
import { fakeApi, type FakeHandler } from '../../../test/fake-api';
import { calendarApi } from './calendar.api';
import { ReservationPanel, actionsFor } from './ReservationPanel';

const reservation = (status: string, memo = '') => ({
  id: 'r1',
  clinicId: 'c1',
  userId: 'u1',
  status,
  source: 'WEB_MEMBER',
  menuIds: ['m1'],
  menus: [{ id: 'm1', name: '全身脱毛' }],
  startsAt: '2026-12-07T10:00:00+09:00',
  endsAt: '2026-12-07T11:00:00+09:00',
  tasks: [
    { startsAt: '2026-12-07T10:00:00+09:00', endsAt: '2026-12-07T11:00:00+09:00', staffId: '1', roomId: '4', machineId: null, menuId: 'm1', label: '照射' },
  ],
  createdAt: '2026-12-01T09:00:00+09:00',
  cancelledAt: null,
  memo,
  campaign: null,
  user: { id: 'u1', name: '山田 花子', kana: 'ヤマダ ハナコ', userNumber: '100001' },
});

const rows = [
  { key: 'STAFF:1', type: 'STAFF' as const, id: '1', name: '佐藤 美咲' },
  { key: 'ROOM:4', type: 'ROOM' as const, id: '4', name: '施術室1' },
];

function setup(routes: Record<string, FakeHandler>, { answerAfterMs = 0 }: { answerAfterMs?: number } = {}) {
  const fake = fakeApi({
    'GET /api/staffs/reservations/r1': { body: { ...reservation('RESERVED', '初回'), confirmedAt: '2026-12-06T18:05:00+09:00' } },
    ...routes,
  });
  // `answerAfterMs`: each answer comes that much later, as from a server across a network.
  const fetch: typeof fake.fetch = answerAfterMs
    ? ((async (...args: Parameters<typeof fake.fetch>) => {
        const answer = await fake.fetch(...args);
        await new Promise((resolve) => setTimeout(resolve, answerAfterMs));
        return answer;
      }) as typeof fake.fetch)
    : fake.fetch;
  const http = createHttpClient({ t: translate, notify: vi.fn(), redirect: vi.fn(), fetch });
  const onChanged = vi.fn();
  const onClose = vi.fn();
  render(
    <UiKitProvider>
      <ReservationPanel reservationId="r1" api={calendarApi(http)} rows={rows} onChanged={onChanged} onClose={onClose} />
    </UiKitProvider>,
  );
  return { fake, onChanged, onClose };
}

describe('reservation panel', { timeout: 15_000 }, () => {
  it('offers the actions each status allows', () => {
    expect(actionsFor('RESERVED')).toEqual(['visited', 'cancel', 'not-visited']);
    expect(actionsFor('VISITED')).toEqual(['reserved', 'cancel']);
    expect(actionsFor('CANCELLED')).toEqual(['reserved']);
    expect(actionsFor('NOT_VISITED')).toEqual(['reserved']);
  });

  it('shows the details and the history, saves the memo and marks a no-show', async () => {
    const user = userEvent.setup();
    const { fake, onChanged } = setup({
      'GET /api/staffs/reservations/r1/history': {
        body: [
          { at: '2026-12-01T09:00:00+09:00', action: 'reservation.create', actor: { type: 'USER', id: 'u1', name: '山田 花子' } },
          { at: '2026-12-06T18:05:00+09:00', action: 'reservation.confirm', actor: { type: 'user', id: 'u1', name: '山田 花子' } },
        ],
      },
      'PUT /api/staffs/reservations/r1': { body: reservation('RESERVED', '初回・要確認') },
      'PUT /api/staffs/reservations/r1/not-visited': { body: reservation('NOT_VISITED', '初回・要確認') },
    });
    const panel = await screen.findByTestId('reservation-panel');
    expect(panel).toHaveTextContent('山田 花子（診察券 100001）');
    expect(panel).toHaveTextContent('10:00〜11:00 照射 佐藤 美咲 施術室1');
    expect(panel).toHaveTextContent('Web（会員）');
    expect(await within(panel).findByText(/2026\/12\/01 09:00 予約登録（山田 花子）/)).toBeInTheDocument();
    expect(within(panel).getByText(/2026\/12\/06 18:05 来院確認（山田 花子）/)).toBeInTheDocument();
    expect(within(panel).getByTestId('reservation-confirmation')).toHaveTextContent('確認済み（2026/12/06 18:05）');

    const memo = within(panel).getByRole('textbox', { name: 'メモ' });
    await user.type(memo, '・要確認');
    await user.click(within(panel).getByRole('button', { name: 'メモを保存' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    const put = fake.calls.find((c) => c.method === 'PUT' && c.url.endsWith('/r1'));
    expect(JSON.parse(String(put!.init.body))).toEqual({ memo: '初回・要確認' });

    await user.click(within(panel).getByRole('button', { name: '無断キャンセルにする' }));
    expect(await screen.findByText('無断キャンセルにしました。')).toBeInTheDocument();
    expect(within(panel).getByTestId('reservation-status')).toHaveTextContent('無断キャンセル');
    expect(within(panel).getByRole('button', { name: '予約に戻す' })).toBeInTheDocument();
  });

  it('names a booking made in the LINE app as from LINE (issue 24)', async () => {
    setup({
      'GET /api/staffs/reservations/r1': { body: { ...reservation('RESERVED'), source: 'LINE', user: { ...reservation('RESERVED').user, userNumber: null } } },
    });
    const panel = await screen.findByTestId('reservation-panel');
    const source = within(panel).getByText('受付', { selector: 'dt' }).nextElementSibling;
    expect(source).toHaveTextContent(/^LINE$/);
  });

  it('cancels after confirmation, deletes after confirmation, and works without the history endpoint', async () => {
    const user = userEvent.setup();
    const { fake, onClose } = setup({
      'PUT /api/staffs/reservations/r1/cancel': { body: reservation('CANCELLED') },
      'DELETE /api/staffs/reservations/r1': { status: 204 },
    });
    const panel = await screen.findByTestId('reservation-panel');
    expect(await within(panel).findByText('履歴はまだ表示できません。')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'キャンセルする' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'はい' }));
    expect(await screen.findByText('予約をキャンセルしました。')).toBeInTheDocument();
    expect(within(panel).getByTestId('reservation-status')).toHaveTextContent('キャンセル');

    await user.click(within(panel).getByRole('button', { name: '削除' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'はい' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fake.calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('keeps the focus in the panel when a status change takes away the focused button, so Escape still closes it', async () => {
    const user = userEvent.setup();
    const { onClose } = setup({ 'PUT /api/staffs/reservations/r1/cancel': { body: reservation('CANCELLED') } }, { answerAfterMs: 30 });
    const panel = await screen.findByTestId('reservation-panel');
    within(panel).getByRole('button', { name: 'キャンセルする' }).focus();
    await user.keyboard('{Enter}');
    within(await screen.findByRole('alertdialog'))
      .getByRole('button', { name: 'はい' })
      .focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(panel).getByTestId('reservation-status')).toHaveTextContent('キャンセル'));
    expect(within(panel).queryByRole('button', { name: 'キャンセルする' })).toBeNull();
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('lists the reservation’s messages, failed first, and resends one', async () => {
    const user = userEvent.setup();
    const message = (id: string, status: string, overrides: Record<string, unknown> = {}) => ({
      id,
      clinicId: 'c1',
      userId: 'u1',
      reservationId: 'r1',
      channel: 'MAIL',
      kind: 'CONFIRMATION',
      status,
      to: 'hanako@example.jp',
      subject: null,
      scheduledAt: '2026-12-01T09:00:00+09:00',
      sentAt: status === 'SENT' ? '2026-12-01T09:00:05+09:00' : null,
      createdAt: '2026-12-01T09:00:00+09:00',
      attempts: status === 'FAILED' ? 8 : 1,
      lastError: status === 'FAILED' ? 'メールサーバに送信できませんでした（connect ECONNREFUSED）。' : null,
      resendable: status === 'FAILED',
      ...overrides,
    });
    let failed = true;
    const { fake } = setup({
      'GET /api/staffs/messages': () => ({
        body: [message('m2', 'SCHEDULED', { kind: 'REMINDER', scheduledAt: '2026-12-06T18:00:00+09:00' }), message('m1', failed ? 'FAILED' : 'SENT')],
      }),
      'POST /api/staffs/messages/m1/resend': () => {
        failed = false;
        return { status: 202, body: message('m1', 'SCHEDULED', { attempts: 0 }) };
      },
    });
    const section = await screen.findByTestId('reservation-messages');
    const rows = await within(section).findAllByTestId('message-row');
    expect(rows.map((row) => row.dataset.status)).toEqual(['FAILED', 'SCHEDULED']);
    expect(rows[0]).toHaveTextContent('予約確認送信失敗メール');
    expect(rows[0]).toHaveTextContent('宛先: hanako@example.jp ・ 送信予定: 2026/12/01 09:00 ・ 試行8回');
    expect(rows[0]).toHaveTextContent('エラー: メールサーバに送信できませんでした（connect ECONNREFUSED）。');
    expect(rows[1]).toHaveTextContent('リマインド送信待ち');
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    const list = fake.calls.find((c) => c.url.startsWith('/api/staffs/messages?'));
    expect(new URL(list!.url, 'http://x').searchParams.toString()).toBe('clinicId=c1&reservationId=r1');

    await user.click(within(rows[0]!).getByRole('button', { name: '予約確認（hanako@example.jp）を再送' }));
    expect(await screen.findByText('再送を受け付けました。まもなく送信されます。')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(section)
          .getAllByTestId('message-row')
          .map((row) => row.dataset.status),
      ).toEqual(['SCHEDULED', 'SENT']),
    );
  });
});
