import type { MessageJson } from '@clinic/contract';
import { fixedClock } from '@clinic/core';
import { ACCOUNTS, MESSAGES } from '@clinic/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, memberOf, seedBookableClinic } from '../support/booking-fixture';
import { primaryTarget } from '../support/databases';
import { PASSWORD, seedPeople, startTestServer, type TestServer } from '../support/http-harness';
import { waitFor } from '../support/wait';
import { statementsDuring } from '../support/statements';

/**
 * Issue 26, item 4: what staff may resend, the access audit of 送信履歴, the address read at
 * delivery, sealed tokens in the outbox and the guest's confirm-only visit link. On PostgreSQL when
 * TEST_DATABASE_URL is set.
 */

// Tuesday 1 December 2026, 09:00 in Tokyo.
const NOW = '2026-12-01T09:00:00+09:00';
const FAST = { MESSAGE_POLL_SECONDS: '0.5', MESSAGE_RETRY_BASE_MS: '50', MESSAGE_LEASE_SECONDS: '5' };

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
  const members = await Promise.all(['300001', '300002'].map((number) => memberOf(server.db, fixture.clinicId, hash, number)));
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
  const sentConfirmation = (reservationId: string) =>
    waitFor(async () => (await messages({ reservationId, status: 'SENT' })).find((m) => m.kind === 'CONFIRMATION'), 'the confirmation to be sent');
  return { fixture, members, staff, member, messages, sentConfirmation };
};

describe(`resending and the access audit of 送信履歴 (${primaryTarget().name})`, () => {
  const clock = fixedClock(NOW);
  let server: TestServer;
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    server = await startTestServer(FAST, { clock }, primaryTarget());
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    w = await world(server);
  });

  it('resends a SENT message only after the cool-down, never a SCHEDULED one', async () => {
    const alice = await w.member('300001');
    const booked = await alice.post('/api/users/reservations', { clinicId: w.fixture.clinicId, menuId: w.fixture.menuA, startsAt: at('2026-12-03T11:00') });
    expect(booked.status).toBe(201);
    const sent = await w.sentConfirmation(booked.body.id);
    // The list says which messages 再送 would be accepted for, by the same rule as the resend.
    const resendable = async () => Object.fromEntries((await w.messages({ reservationId: booked.body.id })).map((m) => [m.kind, m.resendable]));
    expect(await resendable()).toEqual({ CONFIRMATION: false, REMINDER: false });

    const tooSoon = await w.staff.post(`/api/staffs/messages/${sent.id}/resend`);
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.error).toEqual({
      code: 'MESSAGE_RESEND_TOO_SOON',
      message: '送信してから10分たっていないため、まだ再送できません。届くまで少しお待ちいただき、届かない場合は10分後に再送してください。',
    });
    const reminder = (await w.messages({ reservationId: booked.body.id })).find((m) => m.kind === 'REMINDER')!;
    expect(reminder.status).toBe('SCHEDULED');
    const scheduled = await w.staff.post(`/api/staffs/messages/${reminder.id}/resend`);
    expect(scheduled.status).toBe(409);
    expect(scheduled.body.error.code).toBe('MESSAGE_NOT_RESENDABLE');
    expect(scheduled.body.error.message).toMatch(/^このメッセージは再送できません。/);

    // Eleven minutes later (the database's clock decides the cool-down): sent once more.
    await server.db.knex.raw(`update messages set sent_at = sent_at - interval '11 minutes' where id = ?`, [sent.id]);
    expect(await resendable()).toEqual({ CONFIRMATION: true, REMINDER: false });
    const again = await w.staff.post(`/api/staffs/messages/${sent.id}/resend`);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ id: sent.id, status: 'SCHEDULED', attempts: 0 });
    await waitFor(async () => (await w.messages({ reservationId: booked.body.id, status: 'SENT' })).find((m) => m.id === sent.id), 'the resent confirmation');
    const mails = await server.db.knex('mail_outbox').where('to', '300001@example.jp').pluck('subject');
    expect(mails.filter((s: string) => s.includes('ご予約を承りました'))).toHaveLength(2);
  });

  it('never resends the confirmation or change of a reservation that is no longer live; its cancellation notice may be resent', async () => {
    const alice = await w.member('300001');
    const booked = await alice.post('/api/users/reservations', { clinicId: w.fixture.clinicId, menuId: w.fixture.menuA, startsAt: at('2026-12-03T11:00') });
    const confirmation = await w.sentConfirmation(booked.body.id);
    expect((await alice.put(`/api/users/reservations/${booked.body.id}/cancel`)).status).toBe(200);
    const notice = await waitFor(
      async () => (await w.messages({ reservationId: booked.body.id, status: 'SENT' })).find((m) => m.kind === 'CANCELLATION'),
      'the cancellation notice',
    );
    await server.db.knex.raw(`update messages set sent_at = sent_at - interval '1 hour' where reservation_id = ?`, [booked.body.id]);
    const listed = await w.messages({ reservationId: booked.body.id });
    expect(listed.map((m) => [m.kind, m.resendable]).sort()).toEqual([
      ['CANCELLATION', true],
      ['CONFIRMATION', false],
      ['REMINDER', false],
    ]);
    const refused = await w.staff.post(`/api/staffs/messages/${confirmation.id}/resend`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'MESSAGE_RESERVATION_ENDED',
      message: 'この予約はキャンセル・来院済み、または日時を過ぎているため、予約確認・変更・リマインドのお知らせは再送できません。',
    });
    // A FAILED one of an ended reservation is refused the same way.
    await server.db.knex('messages').where('id', confirmation.id).update({ status: 'FAILED' });
    expect((await w.staff.post(`/api/staffs/messages/${confirmation.id}/resend`)).body.error.code).toBe('MESSAGE_RESERVATION_ENDED');
    expect((await w.staff.post(`/api/staffs/messages/${notice.id}/resend`)).status).toBe(202);
    // A visit whose time has passed is not live either.
    const later = await alice.post('/api/users/reservations', { clinicId: w.fixture.clinicId, menuId: w.fixture.menuA, startsAt: at('2026-12-02T11:00') });
    const past = await w.sentConfirmation(later.body.id);
    await server.db.knex('messages').where('id', past.id).update({ status: 'FAILED' });
    clock.set('2026-12-02T11:30:00+09:00');
    try {
      expect((await w.staff.post(`/api/staffs/messages/${past.id}/resend`)).body.error.code).toBe('MESSAGE_RESERVATION_ENDED');
    } finally {
      clock.set(NOW);
    }
    expect((await w.staff.post(`/api/staffs/messages/${past.id}/resend`)).status).toBe(202);
  });

  it('records every read of the log and every resend, refused ones too, in the access audit', async () => {
    const alice = await w.member('300001');
    const booked = await alice.post('/api/users/reservations', { clinicId: w.fixture.clinicId, menuId: w.fixture.menuA, startsAt: at('2026-12-03T11:00') });
    const sent = await w.sentConfirmation(booked.body.id);
    const before = Number((await server.db.knex('audit_log').where({ kind: 'access', path: '/api/staffs/messages' }).count({ n: '*' }))[0]!.n);
    await w.messages({ userId: w.members[0]! });
    const reads = await server.db.knex('audit_log').where({ kind: 'access', path: '/api/staffs/messages' }).orderBy('id');
    expect(reads).toHaveLength(before + 1);
    expect(reads.at(-1)).toMatchObject({ action: 'list', entity: 'message', outcome: 'ok', member_ids: [w.members[0]] });

    expect((await w.staff.post(`/api/staffs/messages/${sent.id}/resend`)).status).toBe(409);
    await server.db.knex.raw(`update messages set sent_at = sent_at - interval '11 minutes' where id = ?`, [sent.id]);
    expect((await w.staff.post(`/api/staffs/messages/${sent.id}/resend`)).status).toBe(202);
    const resends = await server.db
      .knex('audit_log')
      .where({ kind: 'access', path: `/api/staffs/messages/${sent.id}/resend` })
      .orderBy('id');
    expect(resends.map((row) => [row.action, row.entity, row.entity_id, row.outcome, row.status])).toEqual([
      ['update', 'message', sent.id, 'invalid', 409],
      ['update', 'message', sent.id, 'ok', 202],
    ]);
    expect(resends[1].member_ids).toEqual([w.members[0]]);
  });
});

describe(`the address is read at delivery (${primaryTarget().name})`, () => {
  const clock = fixedClock(NOW);
  let server: TestServer;
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    // No worker: each message is delivered by the test, through the use case the worker runs.
    server = await startTestServer({ ...FAST, MESSAGE_WORKER: 'off' }, { clock }, primaryTarget());
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    w = await world(server);
  });

  it('a changed e-mail and 受け取らない apply to messages written before the change', async () => {
    const deliver = server.app.container.get(MESSAGES.deliver);
    const alice = await w.member('300001');
    const booked = await alice.post('/api/users/reservations', { clinicId: w.fixture.clinicId, menuId: w.fixture.menuA, startsAt: at('2026-12-03T11:00') });
    expect(booked.status).toBe(201);
    const written = await w.messages({ reservationId: booked.body.id });
    const confirmation = written.find((m) => m.kind === 'CONFIRMATION')!;
    const reminder = written.find((m) => m.kind === 'REMINDER')!;
    expect([confirmation.to, reminder.to]).toEqual(['300001@example.jp', '300001@example.jp']);

    expect((await alice.put('/api/users', { email: 'alice.new@example.jp', currentPassword: PASSWORD })).status).toBe(200);
    expect(await deliver.deliver(confirmation.id)).toBe('SENT');
    expect(await server.db.knex('mail_outbox').where('to', '300001@example.jp')).toHaveLength(0);
    expect(await server.db.knex('mail_outbox').where('to', 'alice.new@example.jp')).toHaveLength(1);
    expect((await w.messages({ reservationId: booked.body.id })).find((m) => m.id === confirmation.id)).toMatchObject({
      status: 'SENT',
      to: 'alice.new@example.jp',
    });

    expect((await alice.put('/api/users', { notificationChannel: 'NONE' })).status).toBe(200);
    expect(await deliver.deliver(reminder.id)).toBe('CANCELLED');
    expect(await server.db.knex('mail_outbox').where('to', 'alice.new@example.jp')).toHaveLength(1);
    expect((await w.messages({ reservationId: booked.body.id })).find((m) => m.id === reminder.id)).toMatchObject({
      status: 'CANCELLED',
      lastError: 'お知らせを受け取らない設定、または送り先がないため送信しませんでした。',
    });
  });
});

describe(`guests' tokens in the outbox and the confirm-only visit link (${primaryTarget().name})`, () => {
  const clock = fixedClock(NOW);
  let server: TestServer;
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    server = await startTestServer({ ...FAST, MESSAGE_WORKER: 'off' }, { clock }, primaryTarget());
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    w = await world(server);
  });

  const bookAsGuest = async (email: string) => {
    const booked = await server.client().post('/api/guests/reservations', {
      clinicId: w.fixture.clinicId,
      menuId: w.fixture.menuA,
      startsAt: at('2026-12-03T14:00'),
      guest: { name: '佐藤 ゆい', kana: 'サトウ ユイ', phone: '080-1111-2222', email },
    });
    expect(booked.status).toBe(201);
    return { id: String(booked.body.id), cancelToken: String(booked.body.cancelToken) };
  };
  const mailTo = async (to: string, subject: RegExp) => {
    const mails = (await server.db.knex('mail_outbox').where('to', to).orderBy('id')) as { subject: string; text: string }[];
    return mails.filter((mail) => subject.test(mail.subject)).at(-1)!.text;
  };

  it('keeps nothing readable in the payloads: the tokens are sealed, and open only to render the links', async () => {
    const deliver = server.app.container.get(MESSAGES.deliver);
    const guest = await bookAsGuest('yui@example.jp');
    const rows = (await server.db.knex('messages').where('reservation_id', guest.id).select('id', 'kind', server.db.knex.raw('payload::text as payload'))) as {
      id: string;
      kind: string;
      payload: string;
    }[];
    const confirmation = rows.find((row) => row.kind === 'CONFIRMATION')!;
    const payload = JSON.parse(confirmation.payload) as Record<string, string>;
    expect(Object.keys(payload).sort()).toEqual(['cancelToken', 'visitToken']);
    expect(payload.cancelToken).toMatch(/^v1\./);
    expect(payload.visitToken).toMatch(/^v1\./);
    // Nowhere in the outbox, nor on the reservation, is the guest's token as it was handed out.
    const everything = await server.db.knex.raw(`select count(*)::int as n from messages where payload::text like ?`, [`%${guest.cancelToken}%`]);
    expect(everything.rows[0].n).toBe(0);
    expect(await server.db.knex('reservations').where('id', guest.id).first('cancel_token_hash', 'visit_token_hash')).toMatchObject({
      cancel_token_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      visit_token_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    expect(await deliver.deliver(confirmation.id)).toBe('SENT');
    expect(await mailTo('yui@example.jp', /ご予約を承りました/)).toContain(`/guest/reserve/cancel/?token=${encodeURIComponent(guest.cancelToken)}`);
    // The copy of the sent text keeps the links without their tokens.
    const kept = await server.db.knex('messages').where('id', confirmation.id).first('body');
    expect(kept.body).toContain('/guest/reserve/cancel/?token=（省略）');
    expect(kept.body).not.toContain(encodeURIComponent(guest.cancelToken));
  });

  it("the reminder's confirm link confirms the visit, on a PUT only, and cannot cancel it or open its forms", async () => {
    const deliver = server.app.container.get(MESSAGES.deliver);
    const guest = await bookAsGuest('mio@example.jp');
    const reminder = (await w.messages({ reservationId: guest.id })).find((m) => m.kind === 'REMINDER')!;
    expect(await deliver.deliver(reminder.id)).toBe('SENT');
    const text = await mailTo('mio@example.jp', /ご予約/);
    const link = /\/guest\/reservations\/confirm\/\?token=([^\s]+)/.exec(text);
    expect(link).not.toBeNull();
    const visitToken = decodeURIComponent(link![1]!);
    expect(visitToken).not.toBe(guest.cancelToken);

    const anyone = server.client();
    // No GET confirms anything: the page asks the guest to press 「来院します」, which sends the PUT.
    expect((await anyone.get(`/api/guests/reservations/confirm?token=${encodeURIComponent(visitToken)}`)).status).toBeGreaterThanOrEqual(400);
    expect((await server.db.knex('reservations').where('id', guest.id).first('confirmed_at')).confirmed_at).toBeNull();

    const cancel = await anyone.put('/api/guests/reservations/cancel', { token: visitToken });
    expect(cancel.status).toBe(400);
    expect(cancel.body.error.code).toBe('INVALID_TOKEN');
    const forms = await anyone.get(`/api/guests/reservations/forms?token=${encodeURIComponent(visitToken)}`);
    expect(forms.body.error.code).toBe('INVALID_TOKEN');
    expect((await anyone.get(`/api/guests/reservations/forms?token=${encodeURIComponent(guest.cancelToken)}`)).status).toBe(200);

    const confirmed = await anyone.put('/api/guests/reservations/confirm', { token: visitToken });
    expect(confirmed.status).toBe(200);
    expect((await server.db.knex('reservations').where('id', guest.id).first('status', 'confirmed_at')).status).toBe('RESERVED');
    expect((await server.db.knex('reservations').where('id', guest.id).first('confirmed_at')).confirmed_at).not.toBeNull();
    // The booking's own token still confirms (shared/API.md) and still cancels.
    expect((await anyone.put('/api/guests/reservations/confirm', { token: guest.cancelToken })).status).toBe(200);
    expect((await anyone.put('/api/guests/reservations/cancel', { token: guest.cancelToken })).status).toBe(200);
  });

  it('seals, at start, the tokens a message stored in the clear before sealing began; they still make the links', async () => {
    const deliver = server.app.container.get(MESSAGES.deliver);
    const guest = await bookAsGuest('old@example.jp');
    const confirmation = (await w.messages({ reservationId: guest.id })).find((m) => m.kind === 'CONFIRMATION')!;
    await server.db
      .knex('messages')
      .where('id', confirmation.id)
      .update({
        payload: JSON.stringify({ cancelToken: guest.cancelToken }),
        body: `取り消し https://x.example/guest/reserve/cancel/?token=${guest.cancelToken}\n`,
      });
    // A database from before sealing began: not marked as sealed (migration 0112).
    await server.db.knex('maintenance_marks').del();
    const tokens = server.app.container.get(MESSAGES.payloadTokens);
    expect(await tokens.sealStored(server.db.knex)).toBe(1);
    // Marked once nothing is left: the next start reads no message at all.
    expect(await server.db.knex('maintenance_marks').pluck('name')).toEqual(['message-payload-tokens-sealed']);
    const seen = await statementsDuring(server.db.knex, async () => expect(await tokens.sealStored(server.db.knex)).toBe(0));
    expect(seen.filter((sql) => /\bmessages\b/.test(sql))).toEqual([]);
    const stored = await server.db.knex('messages').where('id', confirmation.id).first(server.db.knex.raw('payload::text as payload'));
    expect(stored.payload).not.toContain(guest.cancelToken);
    expect(JSON.parse(stored.payload).cancelToken).toMatch(/^v1\./);
    // The copy of a text sent before keeps its link without the token.
    expect((await server.db.knex('messages').where('id', confirmation.id).first('body')).body).toBe(
      '取り消し https://x.example/guest/reserve/cancel/?token=（省略）\n',
    );
    expect(await deliver.deliver(confirmation.id)).toBe('SENT');
    expect(await mailTo('old@example.jp', /ご予約を承りました/)).toContain(`/guest/reserve/cancel/?token=${encodeURIComponent(guest.cancelToken)}`);
  });
});
