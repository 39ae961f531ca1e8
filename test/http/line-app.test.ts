import { fixedClock } from '@clinic/core';
import { QUEUE_AHEAD_MS } from '@clinic/adapters/persistence';
import { ACCOUNTS, jobSchemaOf, MESSAGES } from '@clinic/server';
import { startLocalLineMessaging, startLocalLineVerify, type LocalLineMessaging, type LocalLineVerify } from '@clinic/server/dev';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, memberOf, seedBookableClinic, type BookingFixture } from '../support/booking-fixture';
import { PASSWORD, seedPeople, startTestServer, type TestClient, type TestServer } from '../support/http-harness';
import { waitFor } from '../support/wait';

/**
 * The LINE app (LIFF) and LINE's webhook over real HTTP, with the local stand-ins of LINE's ID-token
 * verification and Messaging API on loopback ports (docs/integrations.md, "The LINE app").
 */
const NOW = '2026-12-01T09:00:00+09:00';
const SECRET = 'messaging-channel-secret-for-tests';
const LIFF_ID = '2001234567-TestLiff';
const clock = fixedClock(NOW);
let verify: LocalLineVerify;
let line: LocalLineMessaging;
let server: TestServer;
let fixture: BookingFixture;
let memberId: string;
let staff: TestClient;

beforeAll(async () => {
  verify = await startLocalLineVerify();
  line = await startLocalLineMessaging();
  server = await startTestServer(
    {
      MESSAGE_POLL_SECONDS: '0.5',
      LINE_LIFF_ID: LIFF_ID,
      LINE_LIFF_CHANNEL_ID: verify.channelId,
      LINE_VERIFY_URL: verify.url,
      LINE_MESSAGING_CHANNEL_SECRET: SECRET,
      LINE_CHANNEL_ACCESS_TOKEN: line.channelAccessToken,
      LINE_MESSAGING_URL: line.url,
    },
    { clock },
  );
});
afterAll(async () => {
  await server.close();
  await line.close();
  await verify.close();
});
beforeEach(async () => {
  clock.set(NOW);
  await server.reset();
  await seedPeople(server.app);
  fixture = await seedBookableClinic(server.db, { firstDay: '2026-12-01', days: 20, name: '表参道', phone: '03-1234-5678' });
  const hash = await server.app.container.get(ACCOUNTS.hasher).hash(PASSWORD);
  memberId = await memberOf(server.db, fixture.clinicId, hash, '300001');
  await server.db.knex('users').where('id', memberId).update({ line_user_id: 'U-member-0001' });
  staff = server.client();
  expect((await staff.login('staffS0001', PASSWORD)).status).toBe(200);
});

/** A browser inside LINE: opens the app and sends LIFF's ID token. */
const openApp = async (lineUserId: string) => {
  const client = server.client();
  const answer = await client.post('/api/line/app/session', { idToken: verify.idTokenFor(lineUserId) });
  return { client, answer };
};

/** A LINE guest's booking: a name and a phone, in English (no kana). */
const guestBooking = (startsAt = at('2026-12-03T11:00'), guest: Record<string, string> = { name: 'Jane Doe', phone: '090-5555-0001' }) => ({
  clinicId: fixture.clinicId,
  menuId: fixture.menuA,
  startsAt,
  guest,
  language: 'en',
});

const signed = (body: unknown, secret = SECRET) => {
  const raw = JSON.stringify(body);
  return { raw, signature: createHmac('sha256', secret).update(raw).digest('base64') };
};

/** What LINE's platform sends: no session, no X-Requested-With, the signature of the raw body. */
const deliver = (body: unknown, signature: string) =>
  server.client().request('POST', '/api/line/webhook', { json: body, xhr: false, headers: { 'X-Line-Signature': signature } });

const postback = (webhookEventId: string, lineUserId: string, data: string, isRedelivery = false) => ({
  destination: 'Uxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  events: [
    {
      type: 'postback',
      mode: 'active',
      timestamp: Date.now(),
      webhookEventId,
      deliveryContext: { isRedelivery },
      source: { type: 'user', userId: lineUserId },
      replyToken: 'b60d432864f44d079f6d8efe86cf404b',
      postback: { data },
    },
  ],
});

const events = () => server.db.knex('line_webhook_events').orderBy('received_at');
/** The queue's jobs for an event (the queue's schema is not emptied between tests: counted by event). */
const eventJobs = async (webhookEventId: string) =>
  Number(
    (
      await server.db.knex.raw(`select count(*) as n from ${jobSchemaOf(server.db)}.job where name = 'line-webhook-event' and data->>'webhookEventId' = ?`, [
        webhookEventId,
      ])
    ).rows[0].n,
  );
const handled = (webhookEventId: string) =>
  waitFor(
    async () => (await server.db.knex('line_webhook_events').where('webhook_event_id', webhookEventId).whereNotNull('handled_at').first()) ?? null,
    `event ${webhookEventId} handled`,
  );

/** A member's booking (the member is linked to LINE user U-member-0001). */
const memberBooking = async (startsAt = at('2026-12-03T11:00')) => {
  const member = server.client();
  expect((await member.login('user300001', PASSWORD)).status).toBe(200);
  const booked = await member.post('/api/users/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuA, startsAt });
  expect(booked.status).toBe(201);
  return booked.body.id as string;
};

const confirmedAt = async (id: string) => (await server.db.knex('reservations').where('id', id).first('confirmed_at')).confirmed_at;

describe('the LINE app session', () => {
  it('refuses a token LINE does not accept with 401 INVALID_TOKEN, and logs nobody in', async () => {
    const client = server.client();
    for (const idToken of ['not-a-token', verify.idTokenFor('U-member-0001', { audience: 'another-channel' }), `${verify.idTokenFor('U-member-0001')}x`]) {
      const answer = await client.post('/api/line/app/session', { idToken });
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('INVALID_TOKEN');
    }
    expect((await client.get('/api/line/app/reservations')).status).toBe(401);
    expect((await client.get('/api/users/profile')).status).toBe(401);
  });

  it('logs the member linked to the LINE user in as that member, from the verified token only', async () => {
    const { client, answer } = await openApp('U-member-0001');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ lineUserId: 'U-member-0001', member: { id: memberId, name: '会員 300001', clinicId: fixture.clinicId } });
    expect((await client.get('/api/users/profile')).body).toMatchObject({ id: memberId });
    // A user id sent beside the token is not read.
    const other = await server.client().post('/api/line/app/session', { idToken: verify.idTokenFor('U-guest-0009'), lineUserId: 'U-member-0001' });
    expect(other.body).toEqual({ lineUserId: 'U-guest-0009', member: null });
  });

  it('gives anyone else a LINE guest session, not a member login', async () => {
    const { client, answer } = await openApp('U-guest-0001');
    expect(answer.body).toEqual({ lineUserId: 'U-guest-0001', member: null });
    expect((await client.get('/api/users/profile')).status).toBe(401);
    expect((await client.get('/api/line/app/reservations')).body).toEqual([]);
  });

  it("lists the LINE user's live reservations and cancels them; another's id is not found", async () => {
    const id = await memberBooking();
    const { client } = await openApp('U-member-0001');
    const listed = await client.get('/api/line/app/reservations');
    expect(listed.body.map((r: { id: string }) => r.id)).toEqual([id]);
    const stranger = (await openApp('U-guest-0002')).client;
    expect((await stranger.put(`/api/line/app/reservations/${id}/cancel`)).status).toBe(404);
    const cancelled = await client.put(`/api/line/app/reservations/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('CANCELLED');
    expect((await client.get('/api/line/app/reservations')).body).toEqual([]);
  });

  it('applies the clinic cancel deadline', async () => {
    const id = await memberBooking(at('2026-12-02T11:00'));
    clock.set('2026-12-01T12:00:00+09:00');
    const { client } = await openApp('U-member-0001');
    const refused = await client.put(`/api/line/app/reservations/${id}/cancel`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('CANCEL_DEADLINE_PASSED');
  });
});

describe('a LINE guest books in the LINE app', () => {
  it('with a name and a phone only: source LINE, in my bookings, and the confirmation by LINE push to that LINE user', async () => {
    const { client } = await openApp('U-guest-0101');
    const booked = await client.post('/api/guests/reservations', guestBooking());
    expect(booked.status).toBe(201);
    const listed = await client.get('/api/line/app/reservations');
    expect(listed.body).toEqual([expect.objectContaining({ id: booked.body.id, source: 'LINE', status: 'RESERVED' })]);
    const shown = await staff.get(`/api/staffs/reservations/${booked.body.id}`);
    expect(shown.body).toMatchObject({ source: 'LINE', user: { name: 'Jane Doe' } });
    const push = await waitFor(async () => line.pushes.find((p) => p.to === 'U-guest-0101'), 'the confirmation by LINE');
    expect(push.messages[0]).toMatchObject({ type: 'flex' });
    expect(push.text).toContain('Jane Doe');
    const messages = await staff.get(`/api/staffs/messages?clinicId=${fixture.clinicId}&reservationId=${booked.body.id}`);
    expect(messages.body.map((m: { channel: string; to: string }) => [m.channel, m.to])).toEqual(expect.arrayContaining([['LINE', 'U-guest-0101']]));
    // Another LINE user sees none of it, and cannot cancel it.
    const other = (await openApp('U-guest-0102')).client;
    expect((await other.get('/api/line/app/reservations')).body).toEqual([]);
    expect((await other.put(`/api/line/app/reservations/${booked.body.id}/cancel`)).status).toBe(404);
    expect((await client.put(`/api/line/app/reservations/${booked.body.id}/cancel`)).body.status).toBe('CANCELLED');
  });

  it('asks a kana reading in Japanese, and an e-mail of anyone without a LINE session', async () => {
    const { client } = await openApp('U-guest-0103');
    const noKana = await client.post('/api/guests/reservations', { ...guestBooking(), guest: { name: '山田 花子', phone: '090-5555-0002' }, language: 'ja' });
    expect(noKana.status).toBe(400);
    expect(noKana.body.error.fields).toEqual([expect.objectContaining({ path: 'guest.kana' })]);
    const web = await server.client().post('/api/guests/reservations', guestBooking());
    expect(web.status).toBe(400);
    expect(web.body.error.fields).toEqual([expect.objectContaining({ path: 'guest.email' })]);
    expect(Number((await server.db.knex('reservations').count({ n: '*' }).first())!.n)).toBe(0);
  });

  it('the 来院します postback of that LINE user confirms the visit; a linked member of another LINE user cannot', async () => {
    const { client } = await openApp('U-guest-0104');
    const booked = await client.post('/api/guests/reservations', guestBooking());
    const stranger = postback('01HZGUESTSTRANGER000000001', 'U-member-0001', `action=confirm&reservationId=${booked.body.id}`);
    await deliver(stranger, signed(stranger).signature);
    await handled('01HZGUESTSTRANGER000000001');
    expect(await confirmedAt(booked.body.id)).toBeNull();
    const own = postback('01HZGUESTOWN00000000000001', 'U-guest-0104', `action=confirm&reservationId=${booked.body.id}`);
    await deliver(own, signed(own).signature);
    await handled('01HZGUESTOWN00000000000001');
    expect(await confirmedAt(booked.body.id)).not.toBeNull();
  });
});

describe('a linked member books in the LINE app', () => {
  it("as a LINE booking (source LINE) of their own, in my bookings; the member's messages stay a member's; outside the app, a web booking", async () => {
    const { client } = await openApp('U-member-0001');
    const booked = await client.post('/api/users/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuA, startsAt: at('2026-12-03T11:00') });
    expect(booked.status).toBe(201);
    expect(booked.body.source).toBe('LINE');
    expect((await staff.get(`/api/staffs/reservations/${booked.body.id}`)).body).toMatchObject({ source: 'LINE', userId: memberId });
    expect((await client.get('/api/line/app/reservations')).body).toEqual([expect.objectContaining({ id: booked.body.id, source: 'LINE' })]);
    // The confirmation is the member's (LINE, their choice), not a guest's with a cancel link.
    const push = await waitFor(
      async () => line.pushes.find((p) => p.to === 'U-member-0001' && p.text.includes('ご予約を承りました')),
      'the confirmation by LINE',
    );
    expect(push.text).not.toContain('token=');
    expect(push.text).toContain('/user/mypage/');
    // The same member on the web: a web booking.
    const web = server.client();
    expect((await web.login('user300001', PASSWORD)).status).toBe(200);
    const other = await web.post('/api/users/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuB, startsAt: at('2026-12-04T11:00') });
    expect([other.status, other.body.source]).toEqual([201, 'WEB_MEMBER']);
  });
});

describe("LINE's webhook", () => {
  it('answers 401 to a body not signed with the channel secret, and keeps nothing', async () => {
    const id = await memberBooking();
    const body = postback('01HZBADSIGNATURE0000000000', 'U-member-0001', `action=confirm&reservationId=${id}`);
    expect((await deliver(body, signed(body, 'another-secret-entirely').signature)).status).toBe(401);
    expect((await deliver(body, '')).status).toBe(401);
    // The signature of another body.
    expect((await deliver(body, signed({ ...body, destination: 'x' }).signature)).status).toBe(401);
    expect(await events()).toEqual([]);
    expect(await eventJobs('01HZBADSIGNATURE0000000000')).toBe(0);
    expect(await confirmedAt(id)).toBeNull();
  });

  it("confirms the visit on the 来院します postback of the reservation's own LINE user, as the web link does", async () => {
    const id = await memberBooking();
    const body = postback('01HZCONFIRM000000000000001', 'U-member-0001', `action=confirm&reservationId=${id}`);
    const answer = await deliver(body, signed(body).signature);
    expect(answer.status).toBe(200);
    await handled('01HZCONFIRM000000000000001');
    expect(await confirmedAt(id)).not.toBeNull();
    const shown = await staff.get(`/api/staffs/reservations/${id}`);
    expect(shown.body.confirmedAt).toBe('2026-12-01T09:00:00+09:00');
  });

  it('changes nothing on a postback from another LINE user', async () => {
    const id = await memberBooking();
    const body = postback('01HZSTRANGER00000000000001', 'U-stranger-0001', `action=confirm&reservationId=${id}`);
    expect((await deliver(body, signed(body).signature)).status).toBe(200);
    await handled('01HZSTRANGER00000000000001');
    expect(await confirmedAt(id)).toBeNull();
  });

  it('changes nothing on a redelivered event: the event is kept once and handled once', async () => {
    const id = await memberBooking();
    const body = postback('01HZREDELIVERED00000000001', 'U-member-0001', `action=confirm&reservationId=${id}`);
    expect((await deliver(body, signed(body).signature)).status).toBe(200);
    await handled('01HZREDELIVERED00000000001');
    // Staff clear the confirmation (as a change of time does); LINE then redelivers the same event.
    await server.db.knex('reservations').where('id', id).update({ confirmed_at: null });
    const again = postback('01HZREDELIVERED00000000001', 'U-member-0001', `action=confirm&reservationId=${id}`, true);
    expect((await deliver(again, signed(again).signature)).status).toBe(200);
    expect(await events()).toHaveLength(1);
    // No second job: nothing can act on the redelivery.
    expect(await eventJobs('01HZREDELIVERED00000000001')).toBe(1);
    expect(await confirmedAt(id)).toBeNull();
  });

  it("answers 200 to the console's verification (no events)", async () => {
    const body = { destination: 'Uxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', events: [] };
    expect((await deliver(body, signed(body).signature)).status).toBe(200);
  });

  it('welcomes a linked member who follows, and sends the messages of one who unfollows by mail', async () => {
    const follow = { events: [{ type: 'follow', webhookEventId: '01HZFOLLOW0000000000000001', source: { type: 'user', userId: 'U-member-0001' } }] };
    expect((await deliver(follow, signed(follow).signature)).status).toBe(200);
    await waitFor(async () => line.pushes.find((push) => push.to === 'U-member-0001' && push.text.includes('お友だち追加')), 'the welcome push');
    const id = await memberBooking();
    const reminder = await waitFor(
      async () => (await server.db.knex('messages').where({ reservation_id: id, kind: 'REMINDER' }).first()) ?? null,
      'the reminder written',
    );
    expect(reminder).toMatchObject({ channel: 'LINE', recipient: 'U-member-0001', status: 'SCHEDULED' });
    const unfollow = { events: [{ type: 'unfollow', webhookEventId: '01HZUNFOLLOW00000000000001', source: { type: 'user', userId: 'U-member-0001' } }] };
    expect((await deliver(unfollow, signed(unfollow).signature)).status).toBe(200);
    await handled('01HZUNFOLLOW00000000000001');
    expect(await server.db.knex('messages').where('id', reminder.id).first()).toMatchObject({
      channel: 'MAIL',
      recipient: '300001@example.jp',
      status: 'SCHEDULED',
    });
  });
});

describe('LINE messages are Flex messages with buttons', () => {
  it("a reminder carries 来院します (the confirm postback) and 変更・キャンセル (the LINE app's my bookings)", async () => {
    const id = await memberBooking();
    const confirmation = await waitFor(async () => line.pushes.find((push) => push.text.includes('ご予約を承りました')), 'the confirmation push');
    expect(confirmation.messages[0]).toMatchObject({ type: 'flex', altText: '【表参道院】ご予約を承りました' });
    // The reminder is held back until the day before at 18:00: it falls due now, and the sweep queues it.
    await server.db.knex('messages').where({ reservation_id: id, kind: 'REMINDER' }).update({ scheduled_at: server.db.knex.fn.now() });
    expect(await server.app.container.get(MESSAGES.repository).queueHeldBack(QUEUE_AHEAD_MS)).toBe(1);
    const pushed = await waitFor(async () => line.pushes.find((push) => push.text.includes('ご予約日時のお知らせ')), 'the reminder push');
    const flex = pushed.messages[0] as { type: string; contents: { footer: { contents: { action: Record<string, string> }[] } } };
    expect(flex.type).toBe('flex');
    const actions = flex.contents.footer.contents.map((button) => button.action);
    expect(actions).toContainEqual({ type: 'postback', label: '来院します', data: `action=confirm&reservationId=${id}`, displayText: '来院します' });
    expect(actions).toContainEqual({ type: 'uri', label: '変更・キャンセル', uri: `https://liff.line.me/${LIFF_ID}/reservations` });
  });
});

describe('the waitlist by LINE (キャンセル待ち)', () => {
  type Flex = { type: string; contents: { footer?: { contents: { action: Record<string, string> }[] } } };
  const buttonsOf = (push: { messages: readonly unknown[] }) => ((push.messages[0] as Flex).contents.footer?.contents ?? []).map((button) => button.action);
  /** The clinic of these tests: one staff member, room and machine, so a booked hour is gone for everyone. */
  const smallClinic = () => seedBookableClinic(server.db, { firstDay: '2026-12-01', days: 10, staff: 1, rooms: 1, machines: 1, name: '代官山' });
  /** A LINE guest books the hour and cancels it in the app: the freed time is offered to the waiting entry. */
  const bookThenCancel = async (clinic: BookingFixture, hour: string) => {
    const { client } = await openApp('U-guest-0300');
    const booked = await client.post('/api/guests/reservations', {
      ...guestBooking(at(`2026-12-02T${hour}`), { name: 'Ken Early', phone: '090-5555-0300' }),
      clinicId: clinic.clinicId,
      menuId: clinic.menuA,
    });
    expect(booked.status).toBe(201);
    return async () => expect((await client.put(`/api/line/app/reservations/${booked.body.id}/cancel`)).status).toBe(200);
  };

  it('a LINE guest joins with a name and a phone; registration and offer come as Flex messages whose button opens the entry; the accepted time is their LINE booking', async () => {
    const clinic = await smallClinic();
    const cancel = await bookThenCancel(clinic, '11:00');
    const { client } = await openApp('U-guest-0302');
    const entry = {
      clinicId: clinic.clinicId,
      menuId: clinic.menuA,
      from: '2026-12-02',
      to: '2026-12-02',
      times: [{ start: '11:00', end: '11:15' }],
      guest: { name: '待田 花子', kana: 'マチダ ハナコ', phone: '090-5555-0302' },
    };
    // Outside the LINE app an e-mail is still needed.
    const web = await server.client().post('/api/guests/waitlist', entry);
    expect([web.status, web.body.error.fields]).toEqual([400, [expect.objectContaining({ path: 'guest.email' })]]);
    const joined = await client.post('/api/guests/waitlist', entry);
    expect(joined.status).toBe(201);
    const token = joined.body.token as string;
    const page = `/guest/waitlist/?token=${encodeURIComponent(token)}`;

    // The registration, by LINE: its button opens the entry's page.
    const registered = await waitFor(async () => line.pushes.find((push) => push.to === 'U-guest-0302'), 'the registration by LINE');
    expect(registered.messages[0]).toMatchObject({ type: 'flex' });
    expect(buttonsOf(registered)).toEqual([{ type: 'uri', label: 'キャンセル待ちを確認', uri: expect.stringContaining(page) }]);

    // A cancel frees the hour: the offer goes by LINE too, its button to take the time.
    await cancel();
    const offered = await waitFor(async () => line.pushes.find((push) => push.to === 'U-guest-0302' && push !== registered), 'the offer by LINE');
    expect(buttonsOf(offered)).toEqual([{ type: 'uri', label: 'この時間で予約する', uri: expect.stringContaining(page) }]);
    // LINE has the push before the worker marks the message SENT: wait for that state.
    const logged = await waitFor(
      async () => server.db.knex('messages').where({ kind: 'WAITLIST_OFFER', recipient: 'U-guest-0302', status: 'SENT' }).first(),
      'the offer marked SENT',
    );
    expect(logged).toMatchObject({ channel: 'LINE', status: 'SENT' });

    // Taken from that page: a LINE booking of that LINE user, in their "my bookings".
    const accepted = await server.client().post('/api/guests/waitlist/accept', { token });
    expect(accepted.status).toBe(201);
    const mine = await client.get('/api/line/app/reservations');
    expect(mine.body).toEqual([expect.objectContaining({ id: accepted.body.id, source: 'LINE', startsAt: '2026-12-02T11:00:00+09:00' })]);
  });

  it('a member linked to LINE gets the offer as a Flex message whose button opens the LINE app, where they take the time', async () => {
    const clinic = await smallClinic();
    const cancel = await bookThenCancel(clinic, '12:00');
    const member = server.client();
    expect((await member.login('user300001', PASSWORD)).status).toBe(200);
    const joined = await member.post('/api/users/waitlist', {
      clinicId: clinic.clinicId,
      menuId: clinic.menuA,
      from: '2026-12-02',
      to: '2026-12-02',
      times: [{ start: '12:00', end: '12:15' }],
    });
    expect(joined.status).toBe(201);
    // The stand-in keeps the pushes of the whole file: only those from now on.
    const before = line.pushes.length;
    await cancel();
    const offered = await waitFor(async () => line.pushes.slice(before).find((push) => push.to === 'U-member-0001'), 'the offer by LINE');
    expect(offered.text).toContain('12:00');
    expect(offered.messages[0]).toMatchObject({ type: 'flex' });
    expect(buttonsOf(offered)).toEqual([{ type: 'uri', label: 'この時間で予約する', uri: `https://liff.line.me/${LIFF_ID}/waitlist` }]);
    // The button opens the LINE app: LINE's token logs the linked member in, who takes the time there.
    const { client } = await openApp('U-member-0001');
    const [entry] = (await client.get('/api/users/waitlist')).body as { id: string; status: string }[];
    expect(entry).toMatchObject({ id: joined.body.id, status: 'OFFERED' });
    const accepted = await client.post(`/api/users/waitlist/${entry!.id}/accept`);
    expect([accepted.status, accepted.body.startsAt, accepted.body.source]).toEqual([201, '2026-12-02T12:00:00+09:00', 'LINE']);
  });
  describe('after an unfollow (LINE pushes stop; mail where there is an address)', () => {
    const UNFOLLOWED = 'LINEの友だち登録が解除されたため送信しませんでした。';
    const unfollows = async (lineUserId: string, webhookEventId: string) => {
      const body = { events: [{ type: 'unfollow', webhookEventId, source: { type: 'user', userId: lineUserId } }] };
      expect((await deliver(body, signed(body).signature)).status).toBe(200);
      await handled(webhookEventId);
    };
    /** A LINE guest joins the waitlist for 11:00 in the app, with or without the optional e-mail. */
    const lineGuestJoins = async (clinic: BookingFixture, lineUserId: string, email?: string) => {
      const { client } = await openApp(lineUserId);
      const joined = await client.post('/api/guests/waitlist', {
        clinicId: clinic.clinicId,
        menuId: clinic.menuA,
        from: '2026-12-02',
        to: '2026-12-02',
        times: [{ start: '11:00', end: '11:15' }],
        guest: { name: '待田 美亜', kana: 'マチダ ミア', phone: '090-5555-0310', ...(email ? { email } : {}) },
      });
      expect(joined.status).toBe(201);
      // The registration still goes by LINE: they follow the official account then.
      await waitFor(async () => line.pushes.find((push) => push.to === lineUserId), 'the registration by LINE');
    };
    const offerOf = (where: Record<string, string>) =>
      waitFor(
        async () =>
          (await server.db
            .knex('messages')
            .where({ kind: 'WAITLIST_OFFER', ...where })
            .whereNot('status', 'SCHEDULED')
            .first()) ?? null,
        'the offer handled',
      );

    it('a LINE guest who gave an e-mail gets the offer by mail, not by LINE', async () => {
      const clinic = await smallClinic();
      const cancel = await bookThenCancel(clinic, '11:00');
      await lineGuestJoins(clinic, 'U-guest-0310', 'mia.wait@example.jp');
      await unfollows('U-guest-0310', '01HZUNFOLLOWGUEST000000001');
      const before = line.pushes.length;
      await cancel();
      const offer = await offerOf({ waitlist_entry_id: (await server.db.knex('waitlist_entries').first('id')).id });
      expect(offer).toMatchObject({ status: 'SENT', channel: 'MAIL', recipient: 'mia.wait@example.jp' });
      expect(line.pushes.slice(before).filter((push) => push.to === 'U-guest-0310')).toEqual([]);
    });

    it('a LINE guest without an e-mail gets no push: the offer is cancelled, with the reason for staff', async () => {
      const clinic = await smallClinic();
      const cancel = await bookThenCancel(clinic, '11:00');
      await lineGuestJoins(clinic, 'U-guest-0311');
      await unfollows('U-guest-0311', '01HZUNFOLLOWGUEST000000002');
      const before = line.pushes.length;
      await cancel();
      const offer = await offerOf({ recipient: 'U-guest-0311' });
      expect(offer).toMatchObject({ status: 'CANCELLED', channel: 'LINE', last_error: UNFOLLOWED });
      // Nor is the confirmation of a visit they book in the app meanwhile pushed.
      const { client } = await openApp('U-guest-0311');
      const booked = await client.post('/api/guests/reservations', {
        ...guestBooking(at('2026-12-02T14:00'), { name: 'Mia Wait', phone: '090-5555-0311' }),
        clinicId: clinic.clinicId,
        menuId: clinic.menuA,
      });
      expect(booked.status).toBe(201);
      const confirmation = await waitFor(
        async () =>
          (await server.db.knex('messages').where({ reservation_id: booked.body.id, kind: 'CONFIRMATION' }).whereNot('status', 'SCHEDULED').first()) ?? null,
        'the confirmation handled',
      );
      expect(confirmation).toMatchObject({ status: 'CANCELLED', channel: 'LINE', last_error: UNFOLLOWED });
      expect(line.pushes.slice(before).filter((push) => push.to === 'U-guest-0311')).toEqual([]);
      // Friends again: LINE pushes to them again (the registration of a new entry).
      const follow = { events: [{ type: 'follow', webhookEventId: '01HZREFOLLOWGUEST000000002', source: { type: 'user', userId: 'U-guest-0311' } }] };
      expect((await deliver(follow, signed(follow).signature)).status).toBe(200);
      await handled('01HZREFOLLOWGUEST000000002');
      await server.db.knex('waitlist_entries').del();
      await lineGuestJoins(clinic, 'U-guest-0311');
    });

    it('a member linked to LINE gets the offer by mail', async () => {
      const clinic = await smallClinic();
      const cancel = await bookThenCancel(clinic, '12:00');
      await unfollows('U-member-0001', '01HZUNFOLLOWMEMBER00000001');
      const member = server.client();
      expect((await member.login('user300001', PASSWORD)).status).toBe(200);
      const joined = await member.post('/api/users/waitlist', {
        clinicId: clinic.clinicId,
        menuId: clinic.menuA,
        from: '2026-12-02',
        to: '2026-12-02',
        times: [{ start: '12:00', end: '12:15' }],
      });
      expect(joined.status).toBe(201);
      const before = line.pushes.length;
      await cancel();
      const offer = await offerOf({ user_id: memberId });
      expect(offer).toMatchObject({ status: 'SENT', channel: 'MAIL', recipient: '300001@example.jp' });
      expect(line.pushes.slice(before).filter((push) => push.to === 'U-member-0001')).toEqual([]);
    });
  });
});

describe('the monthly count of LINE messages per clinic (LINE bills per message)', () => {
  /** The month (Asia/Tokyo) of an instant, and the instants it starts and ends. */
  const monthOf = (date: Date) => {
    const tokyo = new Date(date.getTime() + 9 * 3_600_000);
    const [y, m] = [tokyo.getUTCFullYear(), tokyo.getUTCMonth()];
    const start = new Date(Date.UTC(y, m, 1) - 9 * 3_600_000);
    const end = new Date(Date.UTC(y, m + 1, 1) - 9 * 3_600_000);
    return { month: `${y}-${String(m + 1).padStart(2, '0')}`, start, end };
  };

  it('counts the LINE pushes LINE accepted in the month from the message log, per clinic and kind; a clinic ADMIN sees only its clinic', async () => {
    // A real LINE app booking: its confirmation goes by LINE push and is logged as SENT.
    const { client } = await openApp('U-guest-0201');
    const booked = await client.post('/api/guests/reservations', guestBooking());
    expect(booked.status).toBe(201);
    const sent = await waitFor(
      async () => (await server.db.knex('messages').where({ reservation_id: booked.body.id, channel: 'LINE', status: 'SENT' }).first()) ?? null,
      'the LINE confirmation sent',
    );
    const { month, start, end } = monthOf(new Date(sent.sent_at));
    // The linked member (of this clinic) follows the official account: the welcome is a LINE push outside the log, counted too.
    const follow = { events: [{ type: 'follow', webhookEventId: '01HZFOLLOWCOUNT00000000001', source: { type: 'user', userId: 'U-member-0001' } }] };
    expect((await deliver(follow, signed(follow).signature)).status).toBe(200);
    await handled('01HZFOLLOWCOUNT00000000001');
    expect(line.pushes.some((push) => push.to === 'U-member-0001' && push.text.includes('お友だち追加'))).toBe(true);
    // Beside it in the log: a LINE reminder sent at the month's first instant (counted); one sent as
    // the next month begins, a failed LINE push, a cancelled one and a mail (none counted); and
    // two LINE pushes of another clinic.
    const other = String((await server.db.knex('clinics').insert({ name: '横浜' }).returning('id'))[0].id);
    const row = (clinicId: string, overrides: Record<string, unknown>) => ({
      clinic_id: clinicId,
      kind: 'REMINDER',
      channel: 'LINE',
      recipient: 'U-someone',
      status: 'SENT',
      scheduled_at: start,
      sent_at: start,
      ...overrides,
    });
    await server.db
      .knex('messages')
      .insert([
        row(fixture.clinicId, {}),
        row(fixture.clinicId, { sent_at: end, scheduled_at: end }),
        row(fixture.clinicId, { status: 'FAILED', sent_at: null }),
        row(fixture.clinicId, { status: 'CANCELLED', sent_at: null }),
        row(fixture.clinicId, { channel: 'MAIL', recipient: 'hanako@example.jp' }),
        row(other, { kind: 'CONFIRMATION' }),
        row(other, { kind: 'WAITLIST_OFFER' }),
      ]);
    const zero = { CONFIRMATION: 0, CHANGE: 0, CANCELLATION: 0, REMINDER: 0, WAITLIST_OFFER: 0 };

    // The head office: every clinic of the chain (those of seedPeople with none sent), or the one it names.
    const headOffice = server.client();
    expect((await headOffice.login('staffA0001', PASSWORD)).status).toBe(200);
    const chain = await headOffice.get(`/api/admin/line-messages?month=${month}`);
    expect(chain.status).toBe(200);
    expect(chain.body.month).toBe(month);
    expect(chain.body.total).toBe(5);
    const byId = new Map(chain.body.clinics.map((clinic: { clinicId: string }) => [clinic.clinicId, clinic]));
    expect(byId.get(fixture.clinicId)).toEqual({
      clinicId: fixture.clinicId,
      clinicName: '表参道',
      sent: 3,
      byKind: { ...zero, CONFIRMATION: 1, REMINDER: 1 },
      welcomes: 1,
    });
    expect(byId.get(other)).toEqual({ clinicId: other, clinicName: '横浜', sent: 2, byKind: { ...zero, CONFIRMATION: 1, WAITLIST_OFFER: 1 }, welcomes: 0 });
    expect(chain.body.clinics.filter((clinic: { sent: number }) => clinic.sent === 0).length).toBe(chain.body.clinics.length - 2);
    const one = await headOffice.get(`/api/admin/line-messages?month=${month}&clinicId=${other}`);
    expect(one.body).toEqual({ month, total: 2, clinics: [byId.get(other)] });
    // The next month holds the push sent as it began.
    const next = monthOf(end).month;
    expect((await headOffice.get(`/api/admin/line-messages?month=${next}&clinicId=${fixture.clinicId}`)).body.total).toBe(1);

    // The ADMIN of the clinic: that clinic only, named or not; another clinic is refused.
    const hash = await server.app.container.get(ACCOUNTS.hasher).hash(PASSWORD);
    await server.app.container.get(ACCOUNTS.staffs).create({
      employeeNumber: 'A0101',
      email: 'admin.omotesando@example.jp',
      name: '表参道 管理者',
      role: 'ADMIN',
      clinicId: fixture.clinicId,
      priority: 0,
      passwordHash: hash,
    });
    const clinicAdmin = server.client();
    expect((await clinicAdmin.login('staffA0101', PASSWORD)).status).toBe(200);
    const own = await clinicAdmin.get(`/api/admin/line-messages?month=${month}`);
    expect(own.body).toEqual({ month, total: 3, clinics: [byId.get(fixture.clinicId)] });
    expect((await clinicAdmin.get(`/api/admin/line-messages?month=${month}&clinicId=${fixture.clinicId}`)).body).toEqual(own.body);
    const elsewhere = await clinicAdmin.get(`/api/admin/line-messages?month=${month}&clinicId=${other}`);
    expect([elsewhere.status, elsewhere.body.error.code]).toEqual([403, 'FORBIDDEN']);

    // STAFF: refused; a bad month or an unknown clinic: a clear refusal, never a 500.
    const refused = await staff.get(`/api/admin/line-messages?month=${month}`);
    expect([refused.status, refused.body.error.code]).toEqual([403, 'FORBIDDEN']);
    const badMonth = await headOffice.get('/api/admin/line-messages?month=2026-13');
    expect([badMonth.status, badMonth.body.error.code, badMonth.body.error.fields[0].path]).toEqual([400, 'VALIDATION_FAILED', 'month']);
    const unknown = await headOffice.get(`/api/admin/line-messages?month=${month}&clinicId=999999`);
    expect(unknown.body.error.code).toBe('CLINIC_NOT_FOUND');
    expect(unknown.status).toBeLessThan(500);
  });
});

describe('without LINE_LIFF_ID', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer({});
  });
  afterAll(() => plain.close());

  it('the LINE app routes and the webhook answer 404', async () => {
    const client = plain.client();
    expect((await client.get('/api/line/app/config')).status).toBe(404);
    const session = await client.post('/api/line/app/session', { idToken: verify.idTokenFor('U-member-0001') });
    expect(session.status).toBe(404);
    expect(session.body.error.code).toBe('LINE_APP_NOT_FOUND');
    expect((await client.get('/api/line/app/reservations')).status).toBe(404);
    expect((await client.request('POST', '/api/line/webhook', { json: { events: [] }, xhr: false })).status).toBe(404);
  });
});
