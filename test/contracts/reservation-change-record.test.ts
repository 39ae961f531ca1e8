import { KnexReservationRepository, type Database } from '@clinic/adapters/persistence';
import { DomainRuleViolation, type Actor, type ReservationTask } from '@clinic/core';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestDatabase, databaseTargets } from '../support/databases';
import { aNewReservation } from '../support/mothers';
import { seedReportFixture, type ReportFixture } from '../support/report-fixture';

/**
 * A booking's change record (`reservation.create`, CreateOptions.recorded) is written by the
 * booking's own statement: the view it records as `after` is the view the repository answers,
 * key for key (the statement builds it in SQL, the repository in TypeScript), and a refused
 * booking leaves no record. On PGlite and PostgreSQL.
 */
const ZONE = 'Asia/Tokyo';
const STAFF: Actor = { type: 'staff', id: '7' };
const GUEST: Actor = { type: 'guest', id: null };
const at = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toMillis();

describe.each(databaseTargets())('the change record of a booking on $name', (target) => {
  let db: Database;
  let fixture: ReportFixture;
  let repository: KnexReservationRepository;
  let staffs: string[];
  let rooms: string[];
  let machine: string;
  let menus: string[];
  let member: string;

  beforeAll(async () => {
    db = await target.open();
    fixture = await seedReportFixture(db);
    const k = db.knex;
    const ids = async (table: string) => (await k(table).where({ clinic_id: fixture.clinicA }).orderBy('id').select('id')).map((row) => String(row.id));
    if ((await ids('rooms')).length === 0) await k('rooms').insert([1, 2].map((n) => ({ clinic_id: fixture.clinicA, name: `部屋${n}` })));
    if ((await ids('machines')).length === 0) await k('machines').insert({ clinic_id: fixture.clinicA, name: 'レーザー' });
    staffs = await ids('staffs');
    rooms = await ids('rooms');
    machine = (await ids('machines'))[0]!;
    menus = await ids('menus');
    // One menu with its English and Chinese texts, one without.
    await k('menus')
      .where('id', menus[0])
      .update({ translations: JSON.stringify({ en: { name: 'Full body', description: 'Laser' }, 'zh-CN': { name: '全身' } }) });
    member = String((await k('users').orderBy('id').first('id')).id);
    repository = new KnexReservationRepository(k);
  });
  afterAll(() => closeTestDatabase(db));

  /** One hour from 09:00 of `day` with the first staff member, the first menu. */
  const hourOfFirstStaff = (day: string): ReservationTask => ({
    startMs: at(`${day}T09:00`),
    endMs: at(`${day}T10:00`),
    staffId: staffs[0]!,
    roomId: null,
    machineId: null,
    menuId: menus[0]!,
    label: '照射',
  });
  const records = (id: string) =>
    db.knex('audit_log').where({ entity: 'reservation', entity_id: id }).orderBy('id').select('actor_type', 'actor_id', 'action', 'kind', 'after', 'before');
  const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

  it('records the view it answers: two menus (one with translations), three tasks on staff, room and machine, a memo and a campaign', async () => {
    const tasks: ReservationTask[] = [
      {
        startMs: at('2030-02-05T10:00'),
        endMs: at('2030-02-05T10:30'),
        staffId: staffs[0]!,
        roomId: rooms[0]!,
        machineId: null,
        menuId: menus[0]!,
        label: 'カウンセリング',
      },
      {
        startMs: at('2030-02-05T10:30'),
        endMs: at('2030-02-05T11:15'),
        staffId: null,
        roomId: rooms[1]!,
        machineId: machine,
        menuId: menus[1]!,
        label: '照射',
      },
      { startMs: at('2030-02-05T11:15'), endMs: at('2030-02-05T11:30'), staffId: staffs[1]!, roomId: null, machineId: null, menuId: null, label: '' },
    ];
    const view = await repository.create(
      aNewReservation(fixture.clinicA, member, tasks, { menuIds: [menus[1]!, menus[0]!], memo: '初回。"引用"と\\も', campaign: 'spring-2030' }),
      STAFF,
      'RESOURCE_COLLISION',
      { recorded: true },
    );
    const rows = await records(view.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_type: 'staff', actor_id: '7', action: 'reservation.create', kind: 'change', before: null });
    expect(parsed(rows[0].after)).toEqual(JSON.parse(JSON.stringify(view)));
    // What the view holds, so that an empty or partial record could not pass.
    expect(view.menuTranslations).toEqual([{}, { en: { name: 'Full body', description: 'Laser' }, 'zh-CN': { name: '全身' } }]);
    expect(view.tasks).toHaveLength(3);
    expect(view.createdAtMs).toBeGreaterThan(0);
  });

  it("records a guest's booking with no actor id and no campaign", async () => {
    const task = hourOfFirstStaff('2030-02-06');
    const view = await repository.create(
      aNewReservation(fixture.clinicA, member, [task], { source: 'WEB_GUEST', cancelTokenHash: 'a'.repeat(64) }),
      GUEST,
      'RESERVATION_CONFLICT',
      {
        recorded: true,
      },
    );
    const rows = await records(view.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_type: 'guest', actor_id: null, action: 'reservation.create' });
    expect(parsed(rows[0].after)).toEqual(JSON.parse(JSON.stringify(view)));
  });

  it('writes no record for a booking the database refuses, nor for one not asked to', async () => {
    const task = hourOfFirstStaff('2030-02-07');
    const before = Number((await db.knex('audit_log').count({ n: '*' }))[0]!.n);
    const plain = await repository.create(aNewReservation(fixture.clinicA, member, [task]), STAFF, 'RESOURCE_COLLISION');
    expect(await records(plain.id)).toEqual([]);
    const refused = await repository
      .create(aNewReservation(fixture.clinicA, member, [{ ...task, startMs: task.startMs + 15 * 60_000 }]), STAFF, 'RESOURCE_COLLISION', { recorded: true })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(DomainRuleViolation);
    expect((refused as DomainRuleViolation).error.code).toBe('RESOURCE_COLLISION');
    expect(Number((await db.knex('audit_log').count({ n: '*' }))[0]!.n)).toBe(before);
  });
});
