import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_ACTIONS, ACCESS_OUTCOMES, ACCESS_RESOURCES } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import { ja } from '../../../i18n/ja';
import { clinics, fakeApi, staffProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { auditCsvUrl, auditQuery, filtersFromParams, formatAt, type AccessRecord } from './audit.api';

const record = (id: string, extra: Partial<AccessRecord> = {}): AccessRecord => ({
  id,
  at: '2026-12-01T10:15:00+09:00',
  actor: { type: 'staff', id: 's3', login: 'S1002', name: '鈴木 健太', role: 'STAFF', clinicId: 'c1' },
  action: 'view',
  resource: 'member',
  resourceId: '1',
  memberIds: ['1'],
  outcome: 'ok',
  status: 200,
  method: 'GET',
  path: '/api/staffs/users/1/with-details',
  ip: '192.0.2.10',
  userAgent: 'Mozilla/5.0',
  requestId: 'r1',
  detail: null,
  ...extra,
});

describe('audit units', () => {
  it("names in Japanese every action, outcome and resource the server records (the contract's lists)", () => {
    const unnamed = (names: Record<string, string>, keys: readonly string[]) => keys.filter((key) => !names[key]);
    expect(unnamed(ja.audit.resources, ACCESS_RESOURCES)).toEqual([]);
    expect(unnamed(ja.audit.actions, ACCESS_ACTIONS)).toEqual([]);
    expect(unnamed(ja.audit.outcomes, ACCESS_OUTCOMES)).toEqual([]);
  });

  it('reads the filters from the URL, dropping what the API would refuse', () => {
    const filters = filtersFromParams(
      new URLSearchParams('staffLogin=%20S1002%20&memberNumber=100001&action=peek&outcome=refused&from=2026-12-01&to=tomorrow'),
    );
    expect(filters).toEqual({ staffLogin: 'S1002', memberNumber: '100001', action: '', outcome: 'refused', from: '2026-12-01', to: '' });
    expect(auditQuery(filters, '42')).toEqual({ staffLogin: 'S1002', memberNumber: '100001', outcome: 'refused', from: '2026-12-01', cursor: '42' });
    expect(auditCsvUrl(filters)).toBe('/api/admin/audit-logs/export?staffLogin=S1002&memberNumber=100001&outcome=refused&from=2026-12-01');
    expect(formatAt('2026-12-01T10:15:00+09:00')).toBe('2026/12/01 10:15:00');
  });
});

describe('audit page', { timeout: 60_000 }, () => {
  it('shows the records with member card numbers, filters through the URL and adds older pages', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({
      'GET /api/staffs/profile': { body: staffProfile({ role: 'ADMIN', clinicId: null }) },
      'GET /api/staffs/clinics': { body: clinics },
      'GET /api/admin/audit-logs': (_init, url) =>
        url.includes('cursor=5')
          ? {
              body: {
                items: [
                  record('4', {
                    outcome: 'refused',
                    status: 403,
                    actor: { type: 'anonymous', id: null, login: null, name: null, role: null, clinicId: null },
                    memberIds: [],
                  }),
                ],
                nextCursor: null,
                members: [],
              },
            }
          : { body: { items: [record('5')], nextCursor: '5', members: [{ id: '1', userNumber: '100001', name: '吉田 陽菜' }] } },
    });
    renderApp('/admin/settings/audit/', fake);
    expect(await screen.findByRole('heading', { level: 1, name: 'アクセスログ（監査ログ）' }, { timeout: 10_000 })).toBeInTheDocument();
    // jsdom applies no media query: the phone layout (one card per record) is the one shown.
    const table = await screen.findByRole('list', { name: '記録' }, { timeout: 10_000 });
    expect(within(table).getByText('100001 吉田 陽菜')).toBeInTheDocument();
    expect(within(table).getByText('会員・閲覧')).toBeInTheDocument();
    expect(within(table).getByText('S1002・スタッフ')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'さらに表示' }));
    expect(await within(table).findByText('未ログイン')).toBeInTheDocument();
    expect(within(table).getByText('拒否')).toBeInTheDocument();
    expect(screen.getByText('これ以上の記録はありません。')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: '会員（診察券番号）' }), '100001');
    await user.click(screen.getByRole('button', { name: 'この条件で表示' }));
    await screen.findByRole('list', { name: '記録' });
    const last = fake.calls.filter((c) => c.url.startsWith('/api/admin/audit-logs')).at(-1)!;
    expect(last.url).toContain('memberNumber=100001');
    expect(last.url).not.toContain('cursor=');
    expect(screen.getByRole('link', { name: 'CSVをダウンロード（この条件のアクセスログ）' })).toHaveAttribute(
      'href',
      '/api/admin/audit-logs/export?memberNumber=100001',
    );
  });
});
