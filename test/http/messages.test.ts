import { fixedClock } from '@clinic/core';
import { ACCOUNTS, jobSchemaOf, RESERVATIONS } from '@clinic/server';
import { startLocalLineMessaging, type LocalLineMessaging } from '@clinic/server/dev';
import { DateTime } from 'luxon';
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, memberOf, seedBookableClinic } from '../support/booking-fixture';
import { databaseTargets } from '../support/databases';
import { PASSWORD, seedPeople, startTestServer, type TestClient, type TestServer } from '../support/http-harness';
import { waitFor } from '../support/wait';

// Tuesday 1 December 2026, 09:00 in Tokyo. Confirmations go out at once; reminders wait for their time.
const NOW = '2026-12-01T09:00:00+09:00';
const FAST = { MESSAGE_POLL_SECONDS: '0.5', MESSAGE_RETRY_BASE_MS: '50', MESSAGE_LEASE_SECONDS: '5' };

interface MessageJson {
  id: string;
  kind: string;
  status: string;
  channel: string;
  to: string;
  scheduledAt: string;
  attempts: number;
  lastError: string | null;
  reservationId: string | null;
  subject: string | null;
}

/** A server, a bookable clinic and three members; `staff` is logged in. */
const world = async (server: TestServer) => {
  await server.reset();
  await seedPeople(server.app);
  const fixture = await seedBookableClinic(server.db, {
    firstDay: '2026-12-01',
    days: 20,
    staff: 3,
    rooms: 3,
    machines: 3,
    name: '表参道',
    phone: '03-1234-5678',
  });
  const hash = await server.app.container.get(ACCOUNTS.hasher).hash(PASSWORD);
  const members = await Promise.all(['300001', '300002', '300003'].map((number) => memberOf(server.db, fixture.clinicId, hash, number)));
  const staff = server.client();
  await staff.login('staffS0001', PASSWORD);
  const member = async (number: string) => {
    const client = server.client();
    await client.login(`user${number}`, PASSWORD);
    return client;
  };
  const messages = async (query: Record<string, string> = {}): Promise<MessageJson[]> => {
    const answer = await staff.get(`/api/staffs/messages?${new URLSearchParams({ clinicId: fixture.clinicId, ...query })}`);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const book = (client: TestClient, startsAt: string) =>
    client.post('/api/users/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuA, startsAt });
  return { fixture, members, staff, member, messages, book };
};

const freePort = async (): Promise<number> => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
};

describe.each(databaseTargets())('the outbox on $name', (target) => {
  const clock = fixedClock(NOW);
  let server: TestServer;
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    server = await startTestServer(FAST, { clock }, target);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    w = await world(server);
  });

  it('a booking writes its confirmation and its reminder with it; the confirmation is delivered once', async () => {
    const booked = await w.book(await w.member('300001'), at('2026-12-02T11:00'));
    expect(booked.status).toBe(201);
    const rows = await w.messages({ reservationId: booked.body.id });
    expect(rows.map((m) => [m.kind, m.channel, m.to])).toEqual(
      expect.arrayContaining([
        ['CONFIRMATION', 'MAIL', '300001@example.jp'],
        ['REMINDER', 'MAIL', '300001@example.jp'],
      ]),
    );
    expect(rows.find((m) => m.kind === 'REMINDER')).toMatchObject({ status: 'SCHEDULED', scheduledAt: '2026-12-01T18:00:00+09:00', attempts: 0 });
    const sent = await waitFor(async () => (await w.messages({ reservationId: booked.body.id, status: 'SENT' }))[0], 'the confirmation to be sent');
    expect(sent).toMatchObject({ kind: 'CONFIRMATION', attempts: 1, subject: '【表参道院】ご予約を承りました' });
    const mails = await server.db.knex('mail_outbox').where('to', '300001@example.jp');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('日時：2026年12月2日(水) 11:00〜12:00');
  });

  it('nothing of the outbox is left when the booking does not commit', async () => {
    // The delivery job is written last in the booking's transaction: make the queue refuse it.
    const jobs = jobSchemaOf(server.db);
    await server.db.knex.raw(
      `create or replace function ${jobs}.refuse_job() returns trigger language plpgsql as $$ begin raise exception 'no jobs today'; end $$`,
    );
    await server.db.knex.raw(`create trigger refuse_job before insert on ${jobs}.job for each row execute function ${jobs}.refuse_job()`);
    try {
      const book = server.app.container.get(RESERVATIONS.book);
      await expect(
        book.byMember(w.members[0]!, { clinicId: w.fixture.clinicId, menuId: w.fixture.menuA, startMs: DateTime.fromISO(at('2026-12-03T11:00')).toMillis() }),
      ).rejects.toThrow();
      expect(await server.db.knex('reservations').count({ n: '*' }).first()).toMatchObject({ n: expect.anything() });
      expect(Number((await server.db.knex('reservations').count({ n: '*' }).first())!.n)).toBe(0);
      expect(Number((await server.db.knex('messages').count({ n: '*' }).first())!.n)).toBe(0);
    } finally {
      await server.db.knex.raw(`drop trigger refuse_job on ${jobs}.job`);
    }
  });

  it('a change moves the reminders and says so; a cancel ends them and says so', async () => {
    const alice = await w.member('300001');
    const booked = await w.book(alice, at('2026-12-03T11:00'));
    const changed = await alice.put(`/api/users/reservations/${booked.body.id}`, { startsAt: at('2026-12-04T15:00') });
    expect(changed.status).toBe(200);
    let rows = await w.messages({ reservationId: booked.body.id });
    expect(rows.filter((m) => m.kind === 'REMINDER').map((m) => [m.status, m.scheduledAt])).toEqual(
      expect.arrayContaining([
        ['CANCELLED', '2026-12-02T18:00:00+09:00'],
        ['SCHEDULED', '2026-12-03T18:00:00+09:00'],
      ]),
    );
    expect(rows.filter((m) => m.kind === 'CHANGE')).toHaveLength(1);

    expect((await alice.put(`/api/users/reservations/${booked.body.id}/cancel`)).status).toBe(200);
    rows = await w.messages({ reservationId: booked.body.id });
    expect(rows.filter((m) => m.kind === 'REMINDER' && m.status === 'SCHEDULED')).toEqual([]);
    expect(rows.filter((m) => m.kind === 'CANCELLATION')).toHaveLength(1);
  });

  it('a no-show ends the reminders without a message; a rule already past is skipped', async () => {
    const booked = await w.book(await w.member('300002'), at('2026-12-01T15:00'));
    // The visit is today: "the day before at 18:00" has passed, so only the confirmation.
    expect((await w.messages({ reservationId: booked.body.id })).map((m) => m.kind)).toEqual(['CONFIRMATION']);
    const later = await w.book(await w.member('300003'), at('2026-12-05T11:00'));
    // A no-show is recorded once the visit's start has passed (docs/security.md); the day-before
    // reminder is still waiting then, as it is when a no-show is recorded for a visit whose
    // reminder could not be sent.
    clock.set('2026-12-05T12:00:00+09:00');
    try {
      expect((await w.staff.put(`/api/staffs/reservations/${later.body.id}/not-visited`)).status).toBe(200);
    } finally {
      clock.set(NOW);
    }
    const rows = await w.messages({ reservationId: later.body.id });
    expect(rows.map((m) => m.kind).sort()).toEqual(['CONFIRMATION', 'REMINDER']);
    expect(rows.find((m) => m.kind === 'REMINDER')!.status).toBe('CANCELLED');
  });
});

describe('channels and choices', () => {
  const clock = fixedClock(NOW);
  let server: TestServer;
  let line: LocalLineMessaging;
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    line = await startLocalLineMessaging();
    server = await startTestServer({ ...FAST, LINE_CHANNEL_ACCESS_TOKEN: line.channelAccessToken, LINE_MESSAGING_URL: line.url }, { clock });
  });
  afterAll(async () => {
    await server.close();
    await line.close();
  });
  beforeEach(async () => {
    w = await world(server);
  });

  it('LINE answering 500 then 200 sees one retry key for the message, and one push', async () => {
    await server.db.knex('users').where('id', w.members[0]).update({ line_user_id: 'U-line-0001' });
    line.failNext(1, 500);
    const booked = await w.book(await w.member('300001'), at('2026-12-02T11:00'));
    const sent = await waitFor(async () => (await w.messages({ reservationId: booked.body.id, status: 'SENT' }))[0], 'the LINE push to be accepted');
    expect(sent).toMatchObject({ kind: 'CONFIRMATION', channel: 'LINE', to: 'U-line-0001', attempts: 2 });
    const attempts = line.attempts.filter((a) => a.retryKey && line.pushes.some((p) => p.retryKey === a.retryKey));
    expect(attempts.map((a) => a.status)).toEqual([500, 200]);
    expect(new Set(attempts.map((a) => a.retryKey)).size).toBe(1);
    expect(line.pushes.filter((p) => p.to === 'U-line-0001')).toHaveLength(1);
    expect(line.pushes.at(-1)!.text).toContain('【表参道院】ご予約を承りました');
  });

  it('a member chooses mail or nothing in 会員情報の変更, and the next booking follows it', async () => {
    await server.db.knex('users').where('id', w.members[1]).update({ line_user_id: 'U-line-0002' });
    const bob = await w.member('300002');
    expect((await bob.get('/api/users/detailed-profile')).body.notificationChannel).toBe('LINE');
    expect((await bob.put('/api/users', { notificationChannel: 'MAIL' })).body.notificationChannel).toBe('MAIL');
    const first = await w.book(bob, at('2026-12-02T11:00'));
    expect((await w.messages({ reservationId: first.body.id })).map((m) => m.channel)).toEqual(['MAIL', 'MAIL']);
    expect((await bob.put('/api/users', { notificationChannel: 'NONE' })).status).toBe(200);
    const second = await bob.post('/api/users/reservations', { clinicId: w.fixture.clinicId, menuId: w.fixture.menuB, startsAt: at('2026-12-03T11:00') });
    expect(second.status).toBe(201);
    expect(await w.messages({ reservationId: second.body.id })).toEqual([]);
    const refused = await bob.put('/api/users', { notificationChannel: 'FAX' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields[0].message).toBe('お知らせの受け取り方法はLINE、メール、受け取らないのいずれかです。');
  });

  it('a guest gets mail at the address of the form, with the cancel link', async () => {
    const guest = await server.client().post('/api/guests/reservations', {
      clinicId: w.fixture.clinicId,
      menuId: w.fixture.menuA,
      startsAt: at('2026-12-02T14:00'),
      guest: { name: '佐藤 ゆい', kana: 'サトウ ユイ', phone: '080-1111-2222', email: 'yui@example.jp' },
    });
    expect(guest.status).toBe(201);
    await waitFor(async () => (await w.messages({ reservationId: guest.body.id, status: 'SENT' }))[0], 'the guest confirmation');
    const mail = await server.db.knex('mail_outbox').where('to', 'yui@example.jp').first();
    expect(mail.text).toContain(`/guest/reserve/cancel/?token=${encodeURIComponent(guest.body.cancelToken)}`);
  });

  it('staff only; bad filters are a 400 in Japanese; an unknown message is 404', async () => {
    expect((await (await w.member('300001')).get(`/api/staffs/messages?clinicId=${w.fixture.clinicId}`)).status).toBe(401);
    const bad = await w.staff.get(`/api/staffs/messages?clinicId=${w.fixture.clinicId}&status=LOST`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    const unknown = await w.staff.post('/api/staffs/messages/0b6f4c1e-3f43-4d1c-9a55-6f0f2a1c9d10/resend');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 'MESSAGE_NOT_FOUND', message: '送信履歴が見つかりません。' });
  });
});

describe('a mail server that refuses, then accepts', () => {
  const clock = fixedClock(NOW);
  let server: TestServer;
  let smtp: SMTPServer | null = null;
  let port: number;
  const received: { to: string; messageId: string }[] = [];
  beforeAll(async () => {
    port = await freePort();
    server = await startTestServer({ ...FAST, MESSAGE_RETRY_BASE_MS: '20', SMTP_URL: `smtp://127.0.0.1:${port}` }, { clock });
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('each confirmation arrives exactly once; one that ran out of attempts is FAILED until staff resend it', async () => {
    const w = await world(server);
    // Nothing listens on the port yet: the first message uses up its 8 attempts and ends FAILED.
    const first = await w.book(await w.member('300001'), at('2026-12-02T11:00'));
    const failed = await waitFor(async () => (await w.messages({ status: 'FAILED' }))[0], 'the first confirmation to fail');
    expect(failed).toMatchObject({ reservationId: first.body.id, kind: 'CONFIRMATION', attempts: 8 });
    expect(failed.lastError).toMatch(/^メールサーバに送信できませんでした/);
    // Two more, each failing at least once while the server is still down.
    const others = [await w.book(await w.member('300002'), at('2026-12-02T16:00')), await w.book(await w.member('300003'), at('2026-12-02T15:00'))];
    for (const booked of others) {
      await waitFor(
        async () => (await w.messages({ reservationId: booked.body.id })).find((m) => m.kind === 'CONFIRMATION' && m.lastError !== null),
        'a failed attempt',
      );
    }

    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), messageId: /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim() ?? '' });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp!.listen(port, '127.0.0.1', resolve));

    for (const booked of others)
      await waitFor(async () => (await w.messages({ reservationId: booked.body.id, status: 'SENT' }))[0], 'the retried confirmation');
    expect((await w.messages({ status: 'FAILED' })).map((m) => m.id)).toEqual([failed.id]);
    const resent = await w.staff.post(`/api/staffs/messages/${failed.id}/resend`);
    expect(resent.status).toBe(202);
    expect(resent.body).toMatchObject({ status: 'SCHEDULED', attempts: 0, lastError: null });
    await waitFor(async () => (await w.messages({ reservationId: first.body.id, status: 'SENT' })).find((m) => m.id === failed.id), 'the resent message');

    expect(received.map((r) => r.to).sort()).toEqual(['300001@example.jp', '300002@example.jp', '300003@example.jp']);
    expect(new Set(received.map((r) => r.messageId)).size).toBe(3);
    expect(received.every((r) => /^<[0-9a-f-]{36}@clinic-reservations>$/.test(r.messageId))).toBe(true);
  });
});
