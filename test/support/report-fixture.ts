import type { Database } from '@clinic/adapters/persistence';

/**
 * The hand-made data set of the report tests (docs/reports.md works its figures out): October
 * 2026 at two clinics. Clinic A has two categories (脱毛, 美容皮膚), two menus, two staff and
 * three visitors; clinic B one menu, one staff member and one visitor. Every time is Asia/Tokyo.
 *
 * | id  | clinic | member | status      | source     | start (JST)      | menu     | staff tasks        | created (JST)    |
 * |-----|--------|--------|-------------|------------|------------------|----------|--------------------|------------------|
 * | R0  | A      | u1     | VISITED     | STAFF      | 09-15 10:00      | 全身脱毛 | 佐藤 60            | 09-10 10:00      |
 * | R1  | A      | u1     | VISITED     | WEB_MEMBER | 10-01 10:00–11:00 | 全身脱毛 | 佐藤 60            | 09-29 10:00 (48 h) |
 * | R2  | A      | u2     | VISITED     | STAFF      | 10-01 14:00–14:30 | シミ取り | 鈴木 30            | 10-01 08:00 (6 h) |
 * | R3  | A      | u3     | VISITED     | WEB_GUEST  | 10-02 10:00–11:00 | 全身脱毛 | 佐藤 45 + cooling 15 (no staff) | 09-30 22:00 (36 h) |
 * | R4  | A      | u1     | CANCELLED   | WEB_MEMBER | 10-02 15:00–15:30 | シミ取り | 鈴木 30            | 09-20 15:00      |
 * | R5  | A      | u2     | NOT_VISITED | STAFF      | 10-03 11:00–12:00 | 全身脱毛 | 佐藤 60            | 10-01 11:00 (48 h) |
 * | R6  | A      | u1     | VISITED     | STAFF      | 10-03 16:00–16:30 | シミ取り | 鈴木 30            | 10-01 16:00 (48 h) |
 * | R7  | A      | u3     | VISITED     | WEB_MEMBER | 10-31 10:00–11:00 | 全身脱毛 | 佐藤 60            | 10-25 10:00 (144 h) |
 * | R11 | A      | u1     | RESERVED    | STAFF      | 10-31 14:00–14:30 | シミ取り | 鈴木 30            | 10-30 14:00 (24 h) |
 * | R8  | A      | u1     | VISITED     | STAFF      | 11-01 10:00       | 全身脱毛 | 佐藤 60            | 10-20 10:00      |
 * | R10 | B      | u4     | VISITED     | STAFF      | 08-10 10:00       | 全身脱毛B | 高橋 60           | 08-01 10:00      |
 * | R9  | B      | u4     | VISITED     | STAFF      | 10-01 10:00–11:00 | 全身脱毛B | 高橋 60           | 09-30 10:00 (24 h) |
 *
 * u2 was introduced by u1; u3 came as a web guest (TEMPORARY, no card number).
 * Schedules (net of breaks): 佐藤 10-01 09–18 break 13–14 (480, 脱毛), 10-02 09–13 (240, none),
 * 10-03 10–14 (240, 脱毛), 10-31 09–13 (240, 脱毛), 11-01 09–13 (outside the month);
 * 鈴木 10-01 13–17 (240, 美容皮膚), 10-03 15–17 (120, none); 高橋 (B) 10-01 09–13 (240, none).
 * Check conditions: 同意書 ALWAYS, 問診票 FIRST_VISIT, 脱毛の注意事項 CATEGORY 脱毛 (clinic A).
 * Check items: u1 同意書 ticked 10-01; u1 脱毛の注意事項 not ticked; u2 同意書 ticked 11-05 (after
 * the month); u2 問診票 ticked 10-01; u3 脱毛の注意事項 ticked 10-02.
 */
export const REPORT_MONTH = '2026-10';

const at = (local: string) => `2026-${local}:00+09:00`;

export interface ReportFixture {
  readonly clinicA: string;
  readonly clinicB: string;
}

export const seedReportFixture = async (db: Database): Promise<ReportFixture> => {
  const k = db.knex;
  const id = (rows: Array<{ id: string | number }>) => String(rows[0]!.id);
  const clinicA = id(await k('clinics').insert({ name: 'レポートA' }).returning('id'));
  const clinicB = id(await k('clinics').insert({ name: 'レポートB' }).returning('id'));
  const hair = id(await k('menu_categories').insert({ clinic_id: clinicA, name: '脱毛', display_order: 0 }).returning('id'));
  const skin = id(await k('menu_categories').insert({ clinic_id: clinicA, name: '美容皮膚', display_order: 1 }).returning('id'));
  const hairB = id(await k('menu_categories').insert({ clinic_id: clinicB, name: '脱毛', display_order: 0 }).returning('id'));
  const menu = async (clinicId: string, categoryId: string, name: string, order: number) =>
    id(await k('menus').insert({ clinic_id: clinicId, category_id: categoryId, name, kind: 'NEW', display_order: order }).returning('id'));
  const body = await menu(clinicA, hair, '全身脱毛', 0);
  const spots = await menu(clinicA, skin, 'シミ取り', 1);
  const bodyB = await menu(clinicB, hairB, '全身脱毛', 0);
  const staff = async (number: string, name: string, clinicId: string, priority: number) =>
    id(
      await k('staffs')
        .insert({ employee_number: number, email: `${number}@example.jp`, name, role: 'STAFF', clinic_id: clinicId, priority })
        .returning('id'),
    );
  const sato = await staff('R001', '佐藤', clinicA, 0);
  const suzuki = await staff('R002', '鈴木', clinicA, 1);
  const takahashi = await staff('R003', '高橋', clinicB, 0);
  const user = async (clinicId: string, number: string | null, name: string, extra: object = {}) =>
    id(
      await k('users')
        .insert({ clinic_id: clinicId, user_number: number, name, status: number ? 'FULL' : 'TEMPORARY', ...extra })
        .returning('id'),
    );
  const u1 = await user(clinicA, '1001', '会員 一郎');
  const u2 = await user(clinicA, '1002', '紹介 花子', { introducer_user_id: u1 });
  const u3 = await user(clinicA, null, 'ゲスト 三郎');
  const u4 = await user(clinicB, '2001', '新宿 四郎');

  const reservation = async (r: {
    clinic: string;
    user: string;
    status: string;
    source: string;
    start: string;
    end: string;
    menu: string;
    created: string;
    tasks: Array<{ start: string; end: string; staff: string | null }>;
  }) => {
    const rid = id(
      await k('reservations')
        .insert({
          clinic_id: r.clinic,
          user_id: r.user,
          status: r.status,
          source: r.source,
          starts_at: at(r.start),
          ends_at: at(r.end),
          created_at: at(r.created),
          created_by_type: 'staff',
          cancelled_at: r.status === 'CANCELLED' ? at(r.created) : null,
        })
        .returning('id'),
    );
    await k('reservation_menus').insert({ reservation_id: rid, position: 0, menu_id: r.menu });
    await k('reservation_tasks').insert(
      r.tasks.map((t, position) => ({ reservation_id: rid, position, menu_id: r.menu, starts_at: at(t.start), ends_at: at(t.end), staff_id: t.staff })),
    );
  };
  const one = (start: string, end: string, staffId: string) => [{ start, end, staff: staffId }];
  await reservation({
    clinic: clinicA,
    user: u1,
    status: 'VISITED',
    source: 'STAFF',
    start: '09-15T10:00',
    end: '09-15T11:00',
    menu: body,
    created: '09-10T10:00',
    tasks: one('09-15T10:00', '09-15T11:00', sato),
  });
  await reservation({
    clinic: clinicA,
    user: u1,
    status: 'VISITED',
    source: 'WEB_MEMBER',
    start: '10-01T10:00',
    end: '10-01T11:00',
    menu: body,
    created: '09-29T10:00',
    tasks: one('10-01T10:00', '10-01T11:00', sato),
  });
  await reservation({
    clinic: clinicA,
    user: u2,
    status: 'VISITED',
    source: 'STAFF',
    start: '10-01T14:00',
    end: '10-01T14:30',
    menu: spots,
    created: '10-01T08:00',
    tasks: one('10-01T14:00', '10-01T14:30', suzuki),
  });
  await reservation({
    clinic: clinicA,
    user: u3,
    status: 'VISITED',
    source: 'WEB_GUEST',
    start: '10-02T10:00',
    end: '10-02T11:00',
    menu: body,
    created: '09-30T22:00',
    tasks: [
      { start: '10-02T10:00', end: '10-02T10:45', staff: sato },
      { start: '10-02T10:45', end: '10-02T11:00', staff: null },
    ],
  });
  await reservation({
    clinic: clinicA,
    user: u1,
    status: 'CANCELLED',
    source: 'WEB_MEMBER',
    start: '10-02T15:00',
    end: '10-02T15:30',
    menu: spots,
    created: '09-20T15:00',
    tasks: one('10-02T15:00', '10-02T15:30', suzuki),
  });
  await reservation({
    clinic: clinicA,
    user: u2,
    status: 'NOT_VISITED',
    source: 'STAFF',
    start: '10-03T11:00',
    end: '10-03T12:00',
    menu: body,
    created: '10-01T11:00',
    tasks: one('10-03T11:00', '10-03T12:00', sato),
  });
  await reservation({
    clinic: clinicA,
    user: u1,
    status: 'VISITED',
    source: 'STAFF',
    start: '10-03T16:00',
    end: '10-03T16:30',
    menu: spots,
    created: '10-01T16:00',
    tasks: one('10-03T16:00', '10-03T16:30', suzuki),
  });
  await reservation({
    clinic: clinicA,
    user: u3,
    status: 'VISITED',
    source: 'WEB_MEMBER',
    start: '10-31T10:00',
    end: '10-31T11:00',
    menu: body,
    created: '10-25T10:00',
    tasks: one('10-31T10:00', '10-31T11:00', sato),
  });
  await reservation({
    clinic: clinicA,
    user: u1,
    status: 'RESERVED',
    source: 'STAFF',
    start: '10-31T14:00',
    end: '10-31T14:30',
    menu: spots,
    created: '10-30T14:00',
    tasks: one('10-31T14:00', '10-31T14:30', suzuki),
  });
  await reservation({
    clinic: clinicA,
    user: u1,
    status: 'VISITED',
    source: 'STAFF',
    start: '11-01T10:00',
    end: '11-01T11:00',
    menu: body,
    created: '10-20T10:00',
    tasks: one('11-01T10:00', '11-01T11:00', sato),
  });
  await reservation({
    clinic: clinicB,
    user: u4,
    status: 'VISITED',
    source: 'STAFF',
    start: '08-10T10:00',
    end: '08-10T11:00',
    menu: bodyB,
    created: '08-01T10:00',
    tasks: one('08-10T10:00', '08-10T11:00', takahashi),
  });
  await reservation({
    clinic: clinicB,
    user: u4,
    status: 'VISITED',
    source: 'STAFF',
    start: '10-01T10:00',
    end: '10-01T11:00',
    menu: bodyB,
    created: '09-30T10:00',
    tasks: one('10-01T10:00', '10-01T11:00', takahashi),
  });

  const schedule = async (clinicId: string, staffId: string, date: string, start: string, end: string, categoryId: string | null, pause?: [string, string]) => {
    const sid = id(
      await k('schedules')
        .insert({
          clinic_id: clinicId,
          staff_id: staffId,
          date: `2026-${date}`,
          starts_at: at(`${date}T${start}`),
          ends_at: at(`${date}T${end}`),
          category_id: categoryId,
        })
        .returning('id'),
    );
    if (pause) await k('schedule_breaks').insert({ schedule_id: sid, starts_at: at(`${date}T${pause[0]}`), ends_at: at(`${date}T${pause[1]}`) });
  };
  await schedule(clinicA, sato, '10-01', '09:00', '18:00', hair, ['13:00', '14:00']);
  await schedule(clinicA, sato, '10-02', '09:00', '13:00', null);
  await schedule(clinicA, sato, '10-03', '10:00', '14:00', hair);
  await schedule(clinicA, sato, '10-31', '09:00', '13:00', hair);
  await schedule(clinicA, sato, '11-01', '09:00', '13:00', hair);
  await schedule(clinicA, suzuki, '10-01', '13:00', '17:00', skin);
  await schedule(clinicA, suzuki, '10-03', '15:00', '17:00', null);
  await schedule(clinicB, takahashi, '10-01', '09:00', '13:00', null);

  const condition = async (name: string, kind: string, order: number, categoryId: string | null = null) =>
    id(await k('check_conditions').insert({ name, kind, display_order: order, category_id: categoryId }).returning('id'));
  const consent = await condition('同意書', 'ALWAYS', 0);
  const interview = await condition('問診票', 'FIRST_VISIT', 1);
  const hairNotes = await condition('脱毛の注意事項', 'CATEGORY', 2, hair);
  const item = (userId: string, conditionId: string, tickedAt: string | null) => ({
    user_id: userId,
    condition_id: conditionId,
    checked: tickedAt !== null,
    checked_at: tickedAt ? at(tickedAt) : null,
  });
  await k('check_items').insert([
    item(u1, consent, '10-01T10:30'),
    item(u1, hairNotes, null),
    item(u2, consent, '11-05T10:00'),
    item(u2, interview, '10-01T14:10'),
    item(u3, hairNotes, '10-02T10:10'),
  ]);
  return { clinicA, clinicB };
};
