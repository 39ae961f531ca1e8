import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clinics, fakeApi, staffProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const zero = { CONFIRMATION: 0, CHANGE: 0, CANCELLATION: 0, REMINDER: 0, WAITLIST_OFFER: 0 };
const usage = (month: string) => ({
  month,
  total: 1432,
  clinics: [
    {
      clinicId: 'c1',
      clinicName: '渋谷',
      sent: 1312,
      byKind: { CONFIRMATION: 301, CHANGE: 42, CANCELLATION: 37, REMINDER: 917, WAITLIST_OFFER: 12 },
      welcomes: 3,
    },
    { clinicId: 'c2', clinicName: '新宿', sent: 120, byKind: { ...zero, REMINDER: 120 }, welcomes: 0 },
  ],
});

const api = (clinicId: string | null) =>
  fakeApi({
    'GET /api/staffs/profile': { body: staffProfile({ role: 'ADMIN', clinicId }) },
    'GET /api/staffs/clinics': { body: clinics },
    'GET /api/admin/line-messages': (_init, url) => ({ body: usage(new URL(url, 'http://x').searchParams.get('month')!) }),
  });

describe('LINE message count page', () => {
  it('shows the month’s LINE messages per clinic and kind, and another month on choosing it', async () => {
    const user = userEvent.setup();
    const fake = api(null);
    renderApp('/admin/settings/line/?month=2026-10', fake);
    const table = await screen.findByRole('grid', { name: '2026年10月のLINEメッセージ送信数' }, { timeout: 10_000 });
    expect((await within(table).findAllByRole('columnheader')).map((h) => h.textContent)).toEqual([
      'クリニック',
      '予約確認',
      '変更',
      'キャンセル',
      'リマインド',
      'キャンセル待ち',
      '友だち追加のあいさつ',
      '送信数',
    ]);
    const shibuya = within(table).getByRole('row', { name: /渋谷/ });
    expect(
      within(shibuya)
        .getAllByRole('gridcell')
        .map((c) => c.textContent),
    ).toEqual(['301通', '42通', '37通', '917通', '12通', '3通', '1,312通']);
    expect(screen.getByTestId('line-usage-total')).toHaveTextContent('合計 1,432通');
    expect(screen.queryByText('クリニック所属の管理者には、自院の送信数だけが表示されます。')).toBeNull();

    await user.click(screen.getByRole('button', { name: /月/ }));
    await user.click(await screen.findByRole('option', { name: '2026年9月' }));
    expect(await screen.findByRole('grid', { name: '2026年9月のLINEメッセージ送信数' })).toBeInTheDocument();
    const months = fake.calls.filter((c) => c.url.startsWith('/api/admin/line-messages')).map((c) => new URL(c.url, 'http://x').searchParams.get('month'));
    expect(months).toEqual(['2026-10', '2026-09']);
  });

  it('tells a clinic’s ADMIN that only their clinic is counted', async () => {
    renderApp('/admin/settings/line/?month=2026-10', api('c1'));
    expect(await screen.findByText('クリニック所属の管理者には、自院の送信数だけが表示されます。', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
