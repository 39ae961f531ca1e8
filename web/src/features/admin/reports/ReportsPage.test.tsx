import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { clinics, fakeApi, staffProfile, type FakeHandler } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import type { ReportChartProps } from './ReportChart';

// jsdom has no canvas: the lazy chart module is replaced by a stand-in that shows what it was given.
vi.mock('./ReportChart', () => ({
  default: ({ model, label, format }: ReportChartProps) => (
    <div role="img" aria-label={label} data-testid="chart" data-type={model.type} data-axis={model.indexAxis}>
      {model.series.map((s) => `${s.label}:${s.values.map((v) => format(v)).join('|')}`).join(';')}
    </div>
  ),
}));

const staffUptime = {
  type: 'staff-uptime',
  month: '2026-10',
  clinicId: 'c1',
  columns: [
    { key: 'staffName', label: 'スタッフ', kind: 'text' },
    { key: 'scheduledHours', label: '勤務時間', kind: 'hours' },
    { key: 'bookedMinutes', label: '予約時間', kind: 'minutes' },
    { key: 'reservations', label: '予約数', kind: 'number' },
    { key: 'uptime', label: '稼働率', kind: 'percent' },
  ],
  rows: [
    { staffName: '佐藤 美咲', scheduledHours: 152.5, bookedMinutes: 7935, reservations: 1234, uptime: 87.5 },
    { staffName: '鈴木 健太', scheduledHours: 80, bookedMinutes: 0, reservations: 0, uptime: null },
  ],
};

const visitNumber = (rows: Record<string, unknown>[]) => ({
  type: 'visit-number',
  month: '2026-10',
  clinicId: 'c1',
  columns: [
    { key: 'date', label: '日付', kind: 'text' },
    { key: 'count', label: '来院数', kind: 'number' },
  ],
  rows,
});

function api(role: 'ADMIN' | 'STAFF', reports: FakeHandler, clinicId: string | null = 'c1') {
  return fakeApi({
    'GET /api/staffs/profile': { body: staffProfile({ role, clinicId }) },
    'GET /api/staffs/clinics': { body: clinics },
    'GET /api/admin/reports': reports,
  });
}

const reportCalls = (fake: ReturnType<typeof fakeApi>) =>
  fake.calls.filter((c) => c.url.startsWith('/api/admin/reports')).map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));

const picker = (name: RegExp) => screen.getByRole('button', { name });

describe('reports page', () => {
  it('shows a report as a chart and a table with Japanese number formats, and links its CSV', async () => {
    const fake = api('ADMIN', { body: staffUptime });
    renderApp('/admin/clinic/reports/?type=staff-uptime&month=2026-10', fake);

    const table = await screen.findByRole('grid', { name: 'スタッフ別の稼働率の表' }, { timeout: 10_000 });
    expect((await within(table).findAllByRole('columnheader')).map((h) => h.textContent)).toEqual(['スタッフ', '勤務時間', '予約時間', '予約数', '稼働率']);
    const first = await within(table).findByRole('row', { name: /佐藤 美咲/ });
    expect(within(first).getByRole('rowheader')).toHaveTextContent('佐藤 美咲');
    expect(
      within(first)
        .getAllByRole('gridcell')
        .map((c) => c.textContent),
    ).toEqual(['152.5時間', '7,935分', '1,234', '87.5%']);
    expect(
      within(within(table).getByRole('row', { name: /鈴木 健太/ }))
        .getAllByRole('gridcell')
        .at(-1),
    ).toHaveTextContent('－');

    // Mixed hours and rates: the chart draws the rate; its text alternative points to the table.
    const chart = await screen.findByRole('img', { name: 'スタッフ別の稼働率のグラフ（稼働率）。数値は下の表で確認できます。' });
    expect(chart).toHaveTextContent('稼働率:87.5%|－');
    expect(screen.getByRole('heading', { level: 2, name: 'スタッフ別の稼働率（2026年10月・新宿院）' })).toBeInTheDocument();

    const csv = screen.getByRole('link', { name: 'スタッフ別の稼働率（2026年10月・新宿院）CSVをダウンロード' });
    expect(csv).toHaveAttribute('href', '/api/admin/reports?type=staff-uptime&month=2026-10&clinicId=c1&format=csv');
    expect(csv).toHaveAttribute('download');
    expect(reportCalls(fake)).toEqual([{ type: 'staff-uptime', month: '2026-10', clinicId: 'c1' }]);
  });

  it('offers the 25 reports in six groups, every month from April 2021, and to a head-office ADMIN 全クリニック', async () => {
    const user = userEvent.setup();
    const fake = api(
      'ADMIN',
      (_init, url) => ({ body: { ...visitNumber([{ date: '2026-10-01', count: 2 }]), type: new URL(url, 'http://x').searchParams.get('type') } }),
      null,
    );
    renderApp('/admin/clinic/reports/?month=2026-10', fake);
    await screen.findByRole('grid', { name: '来院数の表' }, { timeout: 10_000 });
    expect(document.title).toBe('レポート｜クリニック予約');

    await user.click(picker(/^来院数 レポート/));
    const listbox = screen.getByRole('listbox');
    const groups = within(listbox).getAllByRole('group');
    expect(groups.map((g) => document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      '来院',
      'キャンセル',
      'メニュー・カテゴリ',
      '稼働率',
      'チェックリスト',
      'その他',
    ]);
    expect(within(listbox).getAllByRole('option')).toHaveLength(25);
    expect(within(groups[1]!).getByRole('option', { name: 'キャンセル数' })).toHaveAccessibleDescription('日ごとのキャンセル数と無断キャンセル数');
    await user.click(within(groups[3]!).getByRole('option', { name: 'スタッフ別の稼働率' }));
    await screen.findByRole('grid', { name: 'スタッフ別の稼働率の表' });

    await user.click(picker(/^2026年10月 対象月/));
    const months = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(months.at(-1)).toHaveTextContent('2021年4月');
    expect(months.map((m) => m.textContent)).not.toContain('2021年3月');
    await user.click(screen.getByRole('option', { name: '2026年9月' }));
    await screen.findByRole('heading', { level: 2, name: 'スタッフ別の稼働率（2026年9月・新宿院）' });

    await user.click(picker(/^新宿院 対象のクリニック/));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['全クリニック', '新宿院', '渋谷院']);
    await user.click(screen.getByRole('option', { name: '全クリニック' }));
    await screen.findByRole('heading', { level: 2, name: 'スタッフ別の稼働率（2026年9月・全クリニック）' });
    expect(screen.getByRole('link', { name: /CSVをダウンロード$/ })).toHaveAttribute('href', '/api/admin/reports?type=staff-uptime&month=2026-09&format=csv');

    await user.click(picker(/^全クリニック 対象のクリニック/));
    await user.click(screen.getByRole('option', { name: '渋谷院' }));
    await screen.findByRole('heading', { level: 2, name: 'スタッフ別の稼働率（2026年9月・渋谷院）' });

    expect(reportCalls(fake)).toEqual([
      { type: 'visit-number', month: '2026-10', clinicId: 'c1' },
      { type: 'staff-uptime', month: '2026-10', clinicId: 'c1' },
      { type: 'staff-uptime', month: '2026-09', clinicId: 'c1' },
      { type: 'staff-uptime', month: '2026-09' },
      { type: 'staff-uptime', month: '2026-09', clinicId: 'c2' },
    ]);
  });

  it.each(['STAFF', 'ADMIN'] as const)('gives a %s of a clinic only that clinic, whatever the header shows', async (role) => {
    const user = userEvent.setup();
    const fake = api(role, { body: visitNumber([{ date: '2026-10-01', count: 2 }]) });
    renderApp('/admin/clinic/reports/?month=2026-10&clinicId=c2', fake);
    await screen.findByRole('grid', { name: '来院数の表' }, { timeout: 10_000 });
    await user.click(picker(/^新宿院 対象のクリニック/));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['新宿院']);
    expect(screen.getByText('ご自身の所属院のレポートのみ表示できます。')).toBeInTheDocument();
    expect(reportCalls(fake)).toEqual([{ type: 'visit-number', month: '2026-10', clinicId: 'c1' }]);
  });

  it('defaults to last month and draws a per-day report over the days', async () => {
    const fake = api('ADMIN', {
      body: visitNumber([
        { date: '2026-10-01', count: 1200 },
        { date: '2026-10-02', count: 3 },
      ]),
    });
    renderApp('/admin/clinic/reports/', fake);
    const chart = await screen.findByTestId('chart', {}, { timeout: 10_000 });
    expect(chart).toHaveAttribute('data-type', 'bar');
    expect(chart).toHaveTextContent('来院数:1,200|3');
    const table = screen.getByRole('grid', { name: '来院数の表' });
    // The table's rows come a render after its frame (react-aria builds the collection first).
    expect(await within(table).findByRole('rowheader', { name: '10月1日(木)' }, { timeout: 10_000 })).toBeInTheDocument();
    const [call] = reportCalls(fake);
    const now = new Date();
    const tokyo = new Date(now.getTime() + 9 * 3_600_000);
    const last = new Date(Date.UTC(tokyo.getUTCFullYear(), tokyo.getUTCMonth() - 1, 1));
    expect(call?.month).toBe(`${last.getUTCFullYear()}-${String(last.getUTCMonth() + 1).padStart(2, '0')}`);
  });

  it('shows 「この月のデータはありません」 for a month without data, still with the CSV', async () => {
    renderApp('/admin/clinic/reports/?month=2026-10', api('ADMIN', { body: visitNumber([{ date: '2026-10-01', count: 0 }]) }));
    expect(await screen.findByText('この月のデータはありません', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /CSVをダウンロード$/ })).toBeInTheDocument();
  });

  it('shows a spinner while loading, then the API error message in Japanese with a retry', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const fake = api('ADMIN', () => {
      calls += 1;
      return calls === 1
        ? { status: 400, body: { error: { code: 'REPORT_MONTH_TOO_EARLY', message: 'レポートは2021年4月以降の月を指定してください。' } } }
        : { body: visitNumber([{ date: '2021-03-01', count: 1 }]) };
    });
    const gated: typeof fetch = async (input, init) => {
      if (String(input).startsWith('/api/admin/reports')) await gate;
      return fake.fetch(input, init);
    };
    renderApp('/admin/clinic/reports/?month=2021-03', { fetch: gated });
    await screen.findByRole('heading', { level: 1, name: 'レポート' }, { timeout: 10_000 });
    expect(screen.getByRole('progressbar', { name: '読み込み中…' })).toBeInTheDocument();
    release();
    const alerts = await screen.findAllByText('レポートは2021年4月以降の月を指定してください。');
    expect(alerts.some((a) => a.getAttribute('role') === 'alert')).toBe(true);
    await user.click(screen.getByRole('button', { name: '再読み込み' }));
    await waitFor(() => expect(screen.getByRole('grid', { name: '来院数の表' })).toBeInTheDocument());
  });

  it('shows the server message when a STAFF is refused (403 FORBIDDEN)', async () => {
    renderApp(
      '/admin/clinic/reports/?month=2026-10',
      api('STAFF', { status: 403, body: { error: { code: 'FORBIDDEN', message: 'このクリニックのレポートを見る権限がありません。' } } }),
    );
    const texts = await screen.findAllByText('このクリニックのレポートを見る権限がありません。', {}, { timeout: 10_000 });
    expect(texts.length).toBeGreaterThan(0);
  });
});
