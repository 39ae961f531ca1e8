import { inMemoryReservationWorld, seedBookableClinic } from '@clinic/test/fakes';
import { describe, expect, it } from 'vitest';
import type { BookingRestriction } from '../../no-shows/domain/booking-restriction';
import { fixedClock } from '../../shared/system-clock';
import type { MemberDirectoryPort, MemberListing } from '../ports/member-directory.port';
import { MemberQueriesUseCase } from './member-queries.use-case';

const staff = { type: 'staff' as const, id: '9' };

/** The directory as far as these reads go: listings of the world's members, and their tags. */
const directoryOf = (listings: () => Promise<MemberListing[]>): MemberDirectoryPort & { searched: unknown[] } => {
  const searched: unknown[] = [];
  const directory: Pick<MemberDirectoryPort, 'search' | 'byIds' | 'tagsOf'> = {
    search: async (filter, page, pageSize) => {
      searched.push({ filter, page, pageSize });
      const items = await listings();
      return { items, total: items.length };
    },
    byIds: async (ids) => (await listings()).filter((listing) => ids.includes(listing.member.id)),
    tagsOf: async () => [{ id: '81', name: 'VIP', displayOrder: 0 }],
  };
  return Object.assign(directory as MemberDirectoryPort, { searched });
};

const setUp = async (restriction?: BookingRestriction) => {
  const clock = fixedClock('2026-12-01T09:00:00+09:00');
  const world = inMemoryReservationWorld({ clock });
  const clinic = await seedBookableClinic(world, { workDays: ['2026-12-02', '2026-12-03'], holidays: [] });
  const listings = async (): Promise<MemberListing[]> =>
    world.members.all().map((member) => ({ member, clinicName: '渋谷院', introducer: null, tagIds: [], lastVisitAt: null, createdAt: new Date(0) }));
  const directory = directoryOf(listings);
  const checklist = { list: async () => ({ ok: true as const, value: [] }) };
  const restrictions = restriction ? { forStaff: async () => ({ noShowCount: 2, bookingRestriction: restriction }) } : undefined;
  const queries = new MemberQueriesUseCase(directory, world.reservations, world.contracts, checklist, restrictions);
  return { world, clinic, directory, queries };
};

describe('MemberQueriesUseCase', () => {
  it('refuses a last-visit period that ends before it starts, before reading anything', async () => {
    const { queries, directory } = await setUp();
    expect(await queries.search({ lastVisitFrom: '2026-12-02', lastVisitTo: '2026-12-01' }, 1, 20)).toEqual({
      ok: false,
      error: { code: 'VALIDATION_FAILED', fields: [{ path: 'lastVisitTo', message: '終了日は開始日以降にしてください。' }] },
    });
    expect(directory.searched).toEqual([]);
    // Both ends are included: one day is a period.
    expect((await queries.search({ lastVisitFrom: '2026-12-01', lastVisitTo: '2026-12-01' }, 1, 20)).ok).toBe(true);
  });

  it("assembles a member's detail: reservations latest first, contracts, tags and the no-show policy", async () => {
    const restriction = { restricted: true, reason: '無断キャンセル2回', sinceMs: 1, by: '受付 花子' };
    const { world, clinic, queries } = await setUp(restriction);
    const book = (date: string) =>
      world.reservations.create(
        {
          clinicId: clinic.clinicId,
          userId: clinic.member.id,
          menuIds: [clinic.menus.staffOnly],
          source: 'STAFF',
          tasks: [
            {
              startMs: Date.parse(`${date}T10:00:00+09:00`),
              endMs: Date.parse(`${date}T10:30:00+09:00`),
              staffId: clinic.staffId,
              roomId: null,
              machineId: null,
              menuId: clinic.menus.staffOnly,
              label: '施術',
            },
          ],
          memo: '',
          campaign: null,
          cancelTokenHash: null,
          startMs: Date.parse(`${date}T10:00:00+09:00`),
          endMs: Date.parse(`${date}T10:30:00+09:00`),
        },
        staff,
        'RESOURCE_COLLISION',
      );
    const early = await book('2026-12-02');
    const late = await book('2026-12-03');
    const detail = await queries.detail(staff, clinic.member.id);
    expect(detail.ok).toBe(true);
    const value = detail.ok ? detail.value : null!;
    expect(value.listing.member.id).toBe(clinic.member.id);
    expect(value.reservations.map((reservation) => reservation.id)).toEqual([late.id, early.id]);
    expect(value.tags).toEqual([{ id: '81', name: 'VIP', displayOrder: 0 }]);
    expect([value.noShowCount, value.bookingRestriction]).toEqual([2, restriction]);
    expect(await queries.detail(staff, '999999')).toEqual({ ok: false, error: { code: 'USER_NOT_FOUND' } });
    // Several at once: missing ones are left out.
    expect((await queries.details(staff, [clinic.member.id, '999999'])).map((one) => one.listing.member.id)).toEqual([clinic.member.id]);
  });

  it('without the no-show policy: no count and no restriction', async () => {
    const { clinic, queries } = await setUp();
    const detail = await queries.detail(staff, clinic.member.id);
    expect(detail.ok && [detail.value.noShowCount, detail.value.bookingRestriction]).toEqual([0, { restricted: false, reason: '', sinceMs: null, by: null }]);
  });
});
