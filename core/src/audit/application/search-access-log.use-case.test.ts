import { describe, expect, it } from 'vitest';
import type { Staff } from '../../accounts/domain/staff.entity';
import type { AccessLogFilter, AccessRecord } from '../domain/access-entry';
import type { AccessLogSearchPort } from '../ports/access-log-search.port';
import { ACCESS_EXPORT_MAX_ROWS, SearchAccessLogUseCase } from './search-access-log.use-case';

const staff = (role: 'ADMIN' | 'STAFF', clinicId: string | null): Staff => ({
  id: '9',
  employeeNumber: 'A9',
  email: 'a@example.jp',
  name: '管理 者',
  role,
  clinicId,
  priority: 0,
  passwordHash: null,
});

/** `count` records with ids count..1, newest first, as the database would answer. */
const fakeLog = (count: number) => {
  const filters: AccessLogFilter[] = [];
  const port: AccessLogSearchPort = {
    async search(filter, beforeId, limit) {
      filters.push(filter);
      const top = beforeId === null ? count : Number(beforeId) - 1;
      const ids = Array.from({ length: Math.max(0, Math.min(limit, top)) }, (_, i) => top - i);
      return ids.map((id) => ({ id: String(id), memberIds: [String(id % 3)] }) as unknown as AccessRecord);
    },
    async memberLabels(ids) {
      return ids.map((id) => ({ id, userNumber: `10000${id}`, name: `会員 ${id}` }));
    },
  };
  return { port, filters };
};

describe('SearchAccessLogUseCase', () => {
  it('pages by keyset and names the members of the page', async () => {
    const { port } = fakeLog(5);
    const search = new SearchAccessLogUseCase(port);
    const first = await search.page(staff('ADMIN', null), {}, null, 2);
    expect(first.ok && first.value.items.map((r) => r.id)).toEqual(['5', '4']);
    expect(first.ok && first.value.nextCursor).toBe('4');
    expect(first.ok && first.value.members.map((m) => m.id).sort()).toEqual(['1', '2']);
    const last = await search.page(staff('ADMIN', null), {}, '2', 2);
    expect(last.ok && last.value.items.map((r) => r.id)).toEqual(['1']);
    expect(last.ok && last.value.nextCursor).toBeNull();
  });

  it('limits a clinic ADMIN to their clinic and refuses STAFF and a reversed period', async () => {
    const { port, filters } = fakeLog(1);
    const search = new SearchAccessLogUseCase(port);
    await search.page(staff('ADMIN', 'c1'), { memberId: '1' }, null, 10);
    expect(filters.at(-1)).toEqual({ memberId: '1', actorClinicId: 'c1' });
    expect((await search.page(staff('STAFF', null), {}, null, 10)).ok).toBe(false);
    const reversed = await search.page(staff('ADMIN', null), { from: '2026-12-02T00:00:00Z', to: '2026-12-01T00:00:00Z' }, null, 10);
    expect(!reversed.ok && reversed.error.code).toBe('VALIDATION_FAILED');
  });

  it('exports at most the maximum and says when more were left out', async () => {
    const exact = await new SearchAccessLogUseCase(fakeLog(ACCESS_EXPORT_MAX_ROWS).port).export(staff('ADMIN', null), {});
    expect(exact.ok && [exact.value.items.length, exact.value.truncated]).toEqual([ACCESS_EXPORT_MAX_ROWS, false]);
    const over = await new SearchAccessLogUseCase(fakeLog(ACCESS_EXPORT_MAX_ROWS + 1).port).export(staff('ADMIN', null), {});
    expect(over.ok && [over.value.items.length, over.value.truncated]).toEqual([ACCESS_EXPORT_MAX_ROWS, true]);
    const few = await new SearchAccessLogUseCase(fakeLog(3).port).export(staff('ADMIN', null), {});
    expect(few.ok && few.value.items.map((r) => r.id)).toEqual(['3', '2', '1']);
  });
});
