import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedPeople, startTestServer, type TestClient, type TestServer, signInAll } from '../support/http-harness';
import { insertReservation, insertResource } from '../support/staff-fixtures';

let server: TestServer;
let people: Awaited<ReturnType<typeof seedPeople>>;
let admin: TestClient;
let staffX: TestClient;
let staffY: TestClient;
let member: TestClient;
let anonymous: TestClient;

const at = (time: string, date = '2030-01-07') => `${date}T${time}:00+09:00`;

const blockBody = (overrides: Record<string, unknown> = {}) => ({
  resourceType: 'STAFF',
  resourceId: people.staffX.id,
  startsAt: at('10:00'),
  endsAt: at('11:00'),
  reason: '研修',
  ...overrides,
});

const blocks = () => server.db.knex('blocks').orderBy('id');
const allocations = () => server.db.knex('allocations').whereNotNull('block_id').orderBy('id');
const list = (client: TestClient, from = '2030-01-07', to = '2030-01-07', clinicId = people.clinicX.id) =>
  client.get(`/api/staffs/blocks?clinicId=${clinicId}&from=${from}&to=${to}`);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  ({ people, admin, staffX, staffY, member, anonymous } = await signInAll(server));
});

describe('blocking a resource', () => {
  it('stores the block and holds the resource with one allocation', async () => {
    const created = await staffX.post('/api/staffs/blocks', blockBody());
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      clinicId: people.clinicX.id,
      resourceType: 'STAFF',
      resourceId: people.staffX.id,
      startsAt: '2030-01-07T10:00:00+09:00',
      endsAt: '2030-01-07T11:00:00+09:00',
      reason: '研修',
    });
    const [allocation] = await allocations();
    expect(allocation).toMatchObject({ resource_type: 'STAFF', live: true });
    expect(String(allocation.resource_id)).toBe(people.staffX.id);
    expect(String(allocation.block_id)).toBe(created.body.id);
    const range = await server.db.knex.raw(`select lower(during) as l, upper(during) as u, lower_inc(during) as li, upper_inc(during) as ui from allocations`);
    expect(new Date(range.rows[0].l).toISOString()).toBe('2030-01-07T01:00:00.000Z');
    expect(new Date(range.rows[0].u).toISOString()).toBe('2030-01-07T02:00:00.000Z');
    expect([range.rows[0].li, range.rows[0].ui]).toEqual([true, false]);
    // Any offset is accepted and answered in Asia/Tokyo.
    const utc = await staffX.post('/api/staffs/blocks', blockBody({ startsAt: '2030-01-07T03:00:00Z', endsAt: '2030-01-07T03:15:00Z', reason: undefined }));
    expect(utc.body).toMatchObject({ startsAt: '2030-01-07T12:00:00+09:00', endsAt: '2030-01-07T12:15:00+09:00', reason: '' });
  });

  it('blocks rooms and machines of the clinic, and answers ROOM_NOT_FOUND / MACHINE_NOT_FOUND / STAFF_NOT_FOUND', async () => {
    const room = await insertResource(server.db, 'rooms', people.clinicX.id);
    const machine = await insertResource(server.db, 'machines', people.clinicX.id);
    expect((await staffX.post('/api/staffs/blocks', blockBody({ resourceType: 'ROOM', resourceId: room }))).body).toMatchObject({
      resourceType: 'ROOM',
      resourceId: room,
      clinicId: people.clinicX.id,
    });
    expect((await staffX.post('/api/staffs/blocks', blockBody({ resourceType: 'MACHINE', resourceId: machine }))).status).toBe(201);
    for (const [resourceType, code] of [
      ['ROOM', 'ROOM_NOT_FOUND'],
      ['MACHINE', 'MACHINE_NOT_FOUND'],
      ['STAFF', 'STAFF_NOT_FOUND'],
    ] as const) {
      const answer = await staffX.post('/api/staffs/blocks', blockBody({ resourceType, resourceId: '999999' }));
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe(code);
    }
    await server.db.knex('rooms').where('id', room).update({ deleted_at: server.db.knex.fn.now() });
    expect(
      (await staffX.post('/api/staffs/blocks', blockBody({ resourceType: 'ROOM', resourceId: room, startsAt: at('12:00'), endsAt: at('13:00') }))).body.error
        .code,
    ).toBe('ROOM_NOT_FOUND');
    expect(await blocks()).toHaveLength(2);
  });

  it('refuses times off the 15-minute grid or in the wrong order with the field at fault', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ startsAt: at('10:10') }, 'startsAt'],
      [{ endsAt: '2030-01-07T11:00:30+09:00' }, 'endsAt'],
      [{ startsAt: at('11:00'), endsAt: at('10:00') }, 'endsAt'],
      [{ endsAt: at('10:00') }, 'endsAt'],
      [{ startsAt: '2030-01-07T10:00:00' }, 'startsAt'],
      [{ startsAt: 'tomorrow' }, 'startsAt'],
    ];
    for (const [overrides, path] of cases) {
      const answer = await staffX.post('/api/staffs/blocks', blockBody(overrides));
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
      expect(answer.body.error.fields.map((field: { path: string }) => field.path)).toEqual([path]);
    }
    const shape = await staffX.post('/api/staffs/blocks', { resourceType: 'DESK', resourceId: 'x' });
    expect(shape.body.error.fields.map((field: { path: string }) => field.path)).toEqual(
      expect.arrayContaining(['resourceType', 'resourceId', 'startsAt', 'endsAt']),
    );
    expect(await blocks()).toHaveLength(0);
    expect(await allocations()).toHaveLength(0);
  });

  it('refuses a staff block over that person’s breaks with 休憩時間と重なっています。', async () => {
    await staffX.post('/api/staffs/schedules', {
      staffId: people.staffX.id,
      date: '2030-01-07',
      start: '10:00',
      end: '19:00',
      breaks: [{ start: '13:00', end: '14:00' }],
    });
    const answer = await staffX.post('/api/staffs/blocks', blockBody({ startsAt: at('12:00'), endsAt: at('13:15') }));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: '全ての項目に正しく値を入力してください。',
      fields: [{ path: 'startsAt', message: '休憩時間と重なっています。' }],
    });
    expect(await blocks()).toHaveLength(0);
    // Right up to the break, and other people at that time, are fine.
    expect((await staffX.post('/api/staffs/blocks', blockBody({ startsAt: at('12:00'), endsAt: at('13:00') }))).status).toBe(201);
    expect((await staffX.post('/api/staffs/blocks', blockBody({ resourceId: people.noPassword.id, startsAt: at('13:00'), endsAt: at('14:00') }))).status).toBe(
      201,
    );
  });

  it('answers 409 RESOURCE_COLLISION over another block or a booked reservation of the resource', async () => {
    expect((await staffX.post('/api/staffs/blocks', blockBody())).status).toBe(201);
    const overlap = await staffX.post('/api/staffs/blocks', blockBody({ startsAt: at('10:45'), endsAt: at('12:00') }));
    expect(overlap.status).toBe(409);
    expect(overlap.body.error).toEqual({ code: 'RESOURCE_COLLISION', message: 'スタッフ・部屋・機械のいずれかが同じ時間帯に使われています。' });
    expect(await blocks()).toHaveLength(1);
    expect(await allocations()).toHaveLength(1);
    expect((await staffX.post('/api/staffs/blocks', blockBody({ startsAt: at('11:00'), endsAt: at('12:00') }))).status).toBe(201);

    const base = { clinicId: people.clinicX.id, userId: people.member.id, staffId: people.noPassword.id };
    await insertReservation(server.db, { ...base, startsAt: at('15:00'), endsAt: at('16:00') });
    await insertReservation(server.db, { ...base, startsAt: at('17:00'), endsAt: at('18:00'), status: 'CANCELLED' });
    const overBooking = await staffX.post('/api/staffs/blocks', blockBody({ resourceId: people.noPassword.id, startsAt: at('15:30'), endsAt: at('16:30') }));
    expect(overBooking.status).toBe(409);
    expect(overBooking.body.error.code).toBe('RESOURCE_COLLISION');
    expect((await staffX.post('/api/staffs/blocks', blockBody({ resourceId: people.noPassword.id, startsAt: at('17:00'), endsAt: at('18:00') }))).status).toBe(
      201,
    );
    expect(await blocks()).toHaveLength(3);
  });
});

describe('listing and lifting blocks', () => {
  it('lists a clinic’s blocks overlapping the dates, and deletes one with its allocation', async () => {
    const first = (await staffX.post('/api/staffs/blocks', blockBody())).body;
    await staffX.post('/api/staffs/blocks', blockBody({ startsAt: at('23:00', '2030-01-06'), endsAt: at('09:00') }));
    await staffX.post('/api/staffs/blocks', blockBody({ startsAt: at('10:00', '2030-01-08'), endsAt: at('11:00', '2030-01-08') }));
    await staffY.post('/api/staffs/blocks', blockBody({ resourceId: people.staffY.id }));
    const answer = await list(staffY);
    expect(answer.status).toBe(200);
    expect(answer.body.map((block: { startsAt: string }) => block.startsAt)).toEqual(['2030-01-06T23:00:00+09:00', '2030-01-07T10:00:00+09:00']);
    expect((await list(staffX, '2030-01-01', '2030-04-03')).status).toBe(400);

    expect((await staffX.request('DELETE', `/api/staffs/blocks/${first.id}`)).status).toBe(204);
    expect(await server.db.knex('allocations').where('block_id', first.id)).toHaveLength(0);
    const again = await staffX.request('DELETE', `/api/staffs/blocks/${first.id}`);
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('UPDATE_FAILED');
    // The time is free again.
    expect((await staffX.post('/api/staffs/blocks', blockBody())).status).toBe(201);
  });
});

describe('who may manage blocks', () => {
  it('answers 401 to anonymous callers and members', async () => {
    for (const client of [anonymous, member]) {
      expect((await list(client)).status).toBe(401);
      expect((await client.post('/api/staffs/blocks', blockBody())).status).toBe(401);
      expect((await client.request('DELETE', '/api/staffs/blocks/1')).status).toBe(401);
    }
  });

  it('lets staff of any clinic of the chain write blocks (DOMAIN.md), each audited under their name', async () => {
    const created = await staffY.post('/api/staffs/blocks', blockBody());
    expect(created.status).toBe(201);
    expect(created.body.clinicId).toBe(people.clinicX.id);
    expect(await blocks()).toHaveLength(1);
    const room = await insertResource(server.db, 'rooms', people.clinicX.id);
    expect((await staffY.post('/api/staffs/blocks', blockBody({ resourceType: 'ROOM', resourceId: room }))).status).toBe(201);
    expect((await staffY.request('DELETE', `/api/staffs/blocks/${created.body.id}`)).status).toBe(204);
    expect(await blocks()).toHaveLength(1);
    const audited = await server.db.knex('audit_log').where({ entity: 'block', actor_id: people.staffY.id }).orderBy('id').pluck('action');
    expect(audited).toEqual(['block.create', 'block.create', 'block.delete']);
    const headOffice = await admin.post('/api/staffs/blocks', blockBody({ resourceId: people.admin.id }));
    expect(headOffice.status).toBe(400);
    expect(headOffice.body.error.fields[0].path).toBe('resourceId');
  });
});
