import { KnexReportQueries, type Database } from '@clinic/adapters/persistence';
import { REPORT_DEFINITIONS, REPORT_KEYS, parseReportMonth, type ReportKey, type ReportRow } from '@clinic/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestDatabase, databaseTargets } from '../support/databases';
import { REPORT_MONTH, seedReportFixture, type ReportFixture } from '../support/report-fixture';

/**
 * Each report computed on the hand-made data set of support/report-fixture.ts (its table lists
 * every reservation), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL. The expected figures
 * are worked out next to each assertion.
 */
const october = (() => {
  const month = parseReportMonth(REPORT_MONTH);
  if (!month.ok) throw new Error('bad month');
  return month.value;
})();

/** The 31 days of October with `values` on the days given (keyed by day of month), `zero` elsewhere. */
const daily = (values: Record<number, Record<string, number | null>>, zero: Record<string, number | null>): ReportRow[] =>
  Array.from({ length: 31 }, (_, i) => ({ date: `2026-10-${String(i + 1).padStart(2, '0')}`, ...zero, ...values[i + 1] }));
const counts = (values: Record<number, number>) => daily(Object.fromEntries(Object.entries(values).map(([day, count]) => [day, { count }])), { count: 0 });

describe.each(databaseTargets())('reports on $name', (target) => {
  let db: Database;
  let fixture: ReportFixture;
  let queries: KnexReportQueries;
  const clinic = (key: ReportKey) => queries.rows(key, { clinicId: fixture.clinicA, month: october });
  const chain = (key: ReportKey) => queries.rows(key, { clinicId: null, month: october });

  beforeAll(async () => {
    db = await target.open();
    fixture = await seedReportFixture(db);
    queries = new KnexReportQueries(db.knex);
  });
  afterAll(() => closeTestDatabase(db));

  it('answers exactly the columns of each definition', async () => {
    for (const key of REPORT_KEYS) {
      const rows = await clinic(key);
      const keys = REPORT_DEFINITIONS[key].columns.map((column) => column.key).sort();
      for (const row of rows) expect(Object.keys(row).sort(), key).toEqual(keys);
    }
  });

  it('counts visits per day: all, by members and new visitors, by channel, introduced', async () => {
    // Clinic A's October visits: R1 10-01 (u1, repeat, web), R2 10-01 (u2, first, staff, introduced),
    // R3 10-02 (u3, first, web guest), R6 10-03 (u1, repeat, staff), R7 10-31 (u3, repeat since R3, web).
    // R0 (September) and R8 (November) are outside; R4 cancelled, R5 a no-show, R11 not yet visited.
    expect(await clinic('visit-number')).toEqual(counts({ 1: 2, 2: 1, 3: 1, 31: 1 }));
    expect(await clinic('visit-user-number')).toEqual(counts({ 1: 1, 3: 1, 31: 1 }));
    expect(await clinic('visit-guest-number')).toEqual(counts({ 1: 1, 2: 1 }));
    expect(await clinic('visit-introduced-guest-number')).toEqual(counts({ 1: 1 }));
    expect(await clinic('visit-member-from-web')).toEqual(counts({ 1: 1, 31: 1 }));
    expect(await clinic('visit-member-not-from-web')).toEqual(counts({ 3: 1 }));
    expect(await clinic('visit-guest-from-web')).toEqual(counts({ 2: 1 }));
    expect(await clinic('visit-guest-not-from-web')).toEqual(counts({ 1: 1 }));
    // The chain adds clinic B's R9 on 10-01: u4's repeat visit (R10 in August), booked by staff.
    expect(await chain('visit-number')).toEqual(counts({ 1: 3, 2: 1, 3: 1, 31: 1 }));
    expect(await chain('visit-user-number')).toEqual(counts({ 1: 2, 3: 1, 31: 1 }));
    expect(await chain('visit-member-not-from-web')).toEqual(counts({ 1: 1, 3: 1 }));
    expect(await chain('visit-guest-number')).toEqual(counts({ 1: 1, 2: 1 }));
  });

  it('counts cancellations and no-shows (無断キャンセル) on the reservation day', async () => {
    // R4 cancelled on 10-02; R5 not visited on 10-03.
    expect(await clinic('cancel-number')).toEqual(
      daily({ 2: { cancelled: 1, notVisited: 0, total: 1 }, 3: { cancelled: 0, notVisited: 1, total: 1 } }, { cancelled: 0, notVisited: 0, total: 0 }),
    );
  });

  it('counts reservations per day by channel, leaving out the cancelled', async () => {
    // 10-01 R1 (web member) R2 (staff); 10-02 R3 (web guest), R4 cancelled; 10-03 R5 R6 (staff); 10-31 R7 (web member) R11 (staff).
    expect(await clinic('reservation-with-user')).toEqual(
      daily(
        {
          1: { webMember: 1, webGuest: 0, line: 0, staff: 1, total: 2 },
          2: { webMember: 0, webGuest: 1, line: 0, staff: 0, total: 1 },
          3: { webMember: 0, webGuest: 0, line: 0, staff: 2, total: 2 },
          31: { webMember: 1, webGuest: 0, line: 0, staff: 1, total: 2 },
        },
        { webMember: 0, webGuest: 0, line: 0, staff: 0, total: 0 },
      ),
    );
  });

  it('counts a LINE app booking as booked online (web) in every web/non-web split, and as LINE by source', async () => {
    // For this test only: R3 (u3's first visit, 10-02) and R7 (u3's repeat visit, 10-31) were booked in the LINE app.
    const lineBooked = () =>
      db
        .knex('reservations')
        .where({ clinic_id: fixture.clinicA, user_id: db.knex('reservations').select('user_id').where({ clinic_id: fixture.clinicA, source: 'WEB_GUEST' }) });
    const r3r7 = (await lineBooked().select('id', 'source')) as Array<{ id: string; source: string }>;
    expect(r3r7).toHaveLength(2);
    try {
      for (const row of r3r7) await db.knex('reservations').where({ id: row.id }).update({ source: 'LINE' });
      // Still from the web: R7 a member's visit on 10-31 (with R1 on 10-01), R3 a first visit on 10-02.
      expect(await clinic('visit-member-from-web')).toEqual(counts({ 1: 1, 31: 1 }));
      expect(await clinic('visit-guest-from-web')).toEqual(counts({ 2: 1 }));
      expect(await clinic('visit-member-not-from-web')).toEqual(counts({ 3: 1 }));
      expect(await clinic('visit-guest-not-from-web')).toEqual(counts({ 1: 1 }));
      // By source: LINE in its own column, no longer a web guest's or a web member's.
      const bySource = await clinic('reservation-with-user');
      expect(bySource.find((row) => row.date === '2026-10-02')).toEqual({ date: '2026-10-02', webMember: 0, webGuest: 0, line: 1, staff: 0, total: 1 });
      expect(bySource.find((row) => row.date === '2026-10-31')).toEqual({ date: '2026-10-31', webMember: 0, webGuest: 0, line: 1, staff: 1, total: 2 });
      // The lead time's web average takes them: 10-02 R3 36 h; 10-31 R7 144 h.
      const leads = await clinic('average-lead-time');
      expect(leads.find((row) => row.date === '2026-10-02')).toMatchObject({ web: 36, staff: null });
      expect(leads.find((row) => row.date === '2026-10-31')).toMatchObject({ web: 144, staff: 24 });
    } finally {
      for (const row of r3r7) await db.knex('reservations').where({ id: row.id }).update({ source: row.source });
    }
  });

  it('averages the lead time (start − booked at) in hours per day and channel', async () => {
    // 10-01: R1 48 h (web), R2 6 h (staff) → 27; 10-02: R3 36 h (web); 10-03: R5 48, R6 48 (staff);
    // 10-31: R7 144 h (web), R11 24 h (staff) → 84.
    expect(await clinic('average-lead-time')).toEqual(
      daily(
        {
          1: { all: 27, web: 48, staff: 6, reservations: 2 },
          2: { all: 36, web: 36, staff: null, reservations: 1 },
          3: { all: 48, web: null, staff: 48, reservations: 2 },
          31: { all: 84, web: 144, staff: 24, reservations: 2 },
        },
        { all: null, web: null, staff: null, reservations: 0 },
      ),
    );
  });

  it('counts reservations and visits per starting hour, from the first hour booked to the last', async () => {
    // 10時: R1 R3 R7 (all visited); 11時: R5 (no-show); 14時: R2 (visited) R11 (reserved); 16時: R6.
    expect(await clinic('hour-count')).toEqual([
      { hour: '10:00', reservations: 3, visits: 3 },
      { hour: '11:00', reservations: 1, visits: 0 },
      { hour: '12:00', reservations: 0, visits: 0 },
      { hour: '13:00', reservations: 0, visits: 0 },
      { hour: '14:00', reservations: 2, visits: 1 },
      { hour: '15:00', reservations: 0, visits: 0 },
      { hour: '16:00', reservations: 1, visits: 1 },
    ]);
  });

  it('counts reservations and visits per menu; the chain adds up menus of one name', async () => {
    // 全身脱毛: R1 R3 R5 R7 (R5 a no-show); シミ取り: R2 R6 R11 (R11 reserved; R4 cancelled is left out).
    expect(await clinic('menu-count')).toEqual([
      { menuName: '全身脱毛', categoryName: '脱毛', reservations: 4, visits: 3 },
      { menuName: 'シミ取り', categoryName: '美容皮膚', reservations: 3, visits: 2 },
    ]);
    expect((await chain('menu-count'))[0]).toEqual({ menuName: '全身脱毛', categoryName: '脱毛', reservations: 5, visits: 4 });
  });

  it('counts people and visits per category, members apart from new visitors', async () => {
    // Members' (repeat) visits: R1 脱毛 u1, R6 美容皮膚 u1, R7 脱毛 u3. New: R2 美容皮膚 u2, R3 脱毛 u3.
    expect(await clinic('category-user-count')).toEqual([
      { categoryName: '脱毛', people: 2, visits: 2 },
      { categoryName: '美容皮膚', people: 1, visits: 1 },
    ]);
    const guests = await clinic('category-guest-count');
    expect(guests).toHaveLength(2);
    expect(guests).toEqual(
      expect.arrayContaining([
        { categoryName: '脱毛', people: 1, visits: 1 },
        { categoryName: '美容皮膚', people: 1, visits: 1 },
      ]),
    );
  });

  it('rates the checklist of the month’s visitors, ticks after the month counting as not done', async () => {
    // Visitors u1 u2 u3. 同意書 (always): 3, ticked u1 only (u2 ticked in November) → 33.3 %.
    // 問診票 (first visit): u2, u3 (u1 first came in September) → u2 ticked → 50 %.
    // 脱毛の注意事項 (脱毛 visited): u1 (R1), u3 (R3, R7) → u3 ticked → 50 %.
    expect(await clinic('checklist-achievement-rate')).toEqual([
      { itemName: '同意書', applicable: 3, checked: 1, rate: 33.3 },
      { itemName: '問診票', applicable: 2, checked: 1, rate: 50 },
      { itemName: '脱毛の注意事項', applicable: 2, checked: 1, rate: 50 },
    ]);
    // The chain adds u4 at B: 同意書 applies and is not ticked → 1 of 4 = 25 %.
    expect((await chain('checklist-achievement-rate'))[0]).toEqual({ itemName: '同意書', applicable: 4, checked: 1, rate: 25 });
  });

  it('lists the visitors with unticked items, most first', async () => {
    for (const key of ['users-checklist-unchekcked'] as const) {
      expect(await clinic(key)).toEqual([
        { userName: 'ゲスト 三郎', userNumber: null, unchecked: 2, items: '同意書、問診票' },
        { userName: '会員 一郎', userNumber: '1001', unchecked: 1, items: '脱毛の注意事項' },
        { userName: '紹介 花子', userNumber: '1002', unchecked: 1, items: '同意書' },
      ]);
    }
  });

  it('computes uptime as booked over scheduled minutes per staff member', async () => {
    // 佐藤: scheduled 480 + 240 + 240 + 240 = 1200; booked R1 60 + R3 45 (the cooling task holds no staff) + R7 60 = 165 (R5 a no-show) → 13.75 → 13.8 %.
    // 鈴木: scheduled 240 + 120 = 360; booked R2 30 + R6 30 + R11 30 = 90 (R4 cancelled) → 25 %.
    expect(await clinic('staff-uptime')).toEqual([
      { staffName: '佐藤', scheduledMinutes: 1200, bookedMinutes: 165, uptime: 13.8 },
      { staffName: '鈴木', scheduledMinutes: 360, bookedMinutes: 90, uptime: 25 },
    ]);
    // The chain adds 高橋 at B: 240 scheduled, R9 60 booked → 25 %.
    expect(await chain('staff-uptime')).toContainEqual({ staffName: '高橋', scheduledMinutes: 240, bookedMinutes: 60, uptime: 25 });
  });

  it('computes uptime per day', async () => {
    // 10-01: 480 + 240 scheduled, 60 + 30 booked → 12.5; 10-02: 240, 45 → 18.75 → 18.8;
    // 10-03: 240 + 120, 30 (R6) → 8.3; 10-31: 240, 60 + 30 (R11: 鈴木 without a schedule) → 37.5.
    expect(await clinic('staff-schedule-uptime')).toEqual(
      daily(
        {
          1: { scheduledMinutes: 720, bookedMinutes: 90, uptime: 12.5 },
          2: { scheduledMinutes: 240, bookedMinutes: 45, uptime: 18.8 },
          3: { scheduledMinutes: 360, bookedMinutes: 30, uptime: 8.3 },
          31: { scheduledMinutes: 240, bookedMinutes: 90, uptime: 37.5 },
        },
        { scheduledMinutes: 0, bookedMinutes: 0, uptime: null },
      ),
    );
  });

  it('reports each staff member’s reservations and the minutes actually treated', async () => {
    // 佐藤 holds R1 R3 R7, all visited: 165 minutes; 鈴木 holds R2 R6 R11, of which R2 R6 visited: 60 minutes.
    expect(await clinic('staff-reservation-uptime')).toEqual([
      { staffName: '佐藤', reservations: 3, scheduledMinutes: 1200, visitedMinutes: 165, uptime: 13.8 },
      { staffName: '鈴木', reservations: 3, scheduledMinutes: 360, visitedMinutes: 60, uptime: 16.7 },
    ]);
  });

  it('splits booked minutes by menu against the staff member’s scheduled minutes', async () => {
    expect(await clinic('staff-menu-uptime')).toEqual([
      { staffName: '佐藤', menuName: '全身脱毛', scheduledMinutes: 1200, bookedMinutes: 165, uptime: 13.8 },
      { staffName: '鈴木', menuName: 'シミ取り', scheduledMinutes: 360, bookedMinutes: 90, uptime: 25 },
    ]);
  });

  it('computes uptime per staff member and the category of their schedule', async () => {
    // 佐藤 脱毛 blocks 10-01 (480) 10-03 (240) 10-31 (240) = 960, booked R1 60 + R7 60 = 120 → 12.5;
    // 佐藤 no category 10-02 (240), R3 45 → 18.8; 鈴木 美容皮膚 10-01 (240), R2 30 → 12.5;
    // 鈴木 no category 10-03 (120), R6 30 → 25. R11 falls in no schedule of 鈴木 and is left out.
    expect(await clinic('staff-category-uptime')).toEqual([
      { staffName: '佐藤', categoryName: '脱毛', scheduledMinutes: 960, bookedMinutes: 120, uptime: 12.5 },
      { staffName: '佐藤', categoryName: '（指定なし）', scheduledMinutes: 240, bookedMinutes: 45, uptime: 18.8 },
      { staffName: '鈴木', categoryName: '美容皮膚', scheduledMinutes: 240, bookedMinutes: 30, uptime: 12.5 },
      { staffName: '鈴木', categoryName: '（指定なし）', scheduledMinutes: 120, bookedMinutes: 30, uptime: 25 },
    ]);
  });

  it('answers empty figures for a month without data', async () => {
    const month = parseReportMonth('2021-04');
    if (!month.ok) throw new Error('bad month');
    for (const key of REPORT_KEYS) {
      const rows = await queries.rows(key, { clinicId: fixture.clinicA, month: month.value });
      const numbers = rows.flatMap((row) => Object.values(row).filter((value) => typeof value === 'number'));
      expect(
        numbers.every((value) => value === 0),
        key,
      ).toBe(true);
    }
  });
});
