import { describe, expect, it } from 'vitest';
import type { ReportKey } from '../domain/report-catalog';
import type { ReportScope } from '../ports/report-queries.port';
import { GetReportUseCase } from './get-report.use-case';

const setUp = () => {
  const asked: Array<{ key: ReportKey; scope: ReportScope }> = [];
  const useCase = new GetReportUseCase(
    { rows: async (key, scope) => (asked.push({ key, scope }), [{ date: '2026-10-01', count: 3 }]) },
    { findById: async (id) => (id === '1' || id === '2' ? ({ id } as never) : null) },
  );
  return { useCase, asked };
};
const admin = { role: 'ADMIN' as const, clinicId: null };

describe('GetReportUseCase', () => {
  it('runs the report’s query for the month and answers its columns', async () => {
    const { useCase, asked } = setUp();
    const result = await useCase.execute({ staff: admin, type: 'visit-number', month: '2026-10', clinicId: '1' });
    expect(result).toMatchObject({ ok: true, value: { type: 'visit-number', month: '2026-10', clinicId: '1', rows: [{ date: '2026-10-01', count: 3 }] } });
    expect(asked[0]).toMatchObject({ key: 'visit-number', scope: { clinicId: '1', month: { from: '2026-10-01T00:00:00+09:00' } } });
  });

  it('maps the correct spelling of users-checklist-unchekcked to the specification’s key', async () => {
    const { useCase, asked } = setUp();
    await useCase.execute({ staff: admin, type: 'users-checklist-unchecked', month: '2026-10', clinicId: null });
    expect(asked[0]!.key).toBe('users-checklist-unchekcked');
  });

  it('refuses, in this order: an unknown type, a bad or early month, who may not, an unknown clinic', async () => {
    const { useCase, asked } = setUp();
    const staff = { role: 'STAFF' as const, clinicId: '1' };
    expect(await useCase.execute({ staff, type: 'nope', month: '2026-10', clinicId: '1' })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(await useCase.execute({ staff, type: 'visit-number', month: '2021-03', clinicId: '1' })).toMatchObject({
      ok: false,
      error: { code: 'REPORT_MONTH_TOO_EARLY' },
    });
    expect(await useCase.execute({ staff, type: 'visit-number', month: '2026-10', clinicId: '2' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await useCase.execute({ staff, type: 'visit-number', month: '2026-10', clinicId: null })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await useCase.execute({ staff: admin, type: 'visit-number', month: '2026-10', clinicId: '9' })).toMatchObject({
      ok: false,
      error: { code: 'CLINIC_NOT_FOUND', fields: [{ path: 'clinicId' }] },
    });
    expect(asked).toHaveLength(0);
  });
});
