import {
  GUEST_WAITLIST_ACCEPT_ERRORS,
  GUEST_WAITLIST_DECLINE_ERRORS,
  GUEST_WAITLIST_JOIN_ERRORS,
  MEMBER_WAITLIST_JOIN_ERRORS,
  STAFF_WAITLIST_OFFER_ERRORS,
  WAITLIST_ACCEPT_ERRORS,
  WAITLIST_DECLINE_ERRORS,
  localizeTexts,
  type BookingRestrictions,
  type GuestBookingGuard,
  type GuestLimitsUseCase,
  type Language,
  type WaitlistEntry,
  type WaitlistUseCase,
} from '@clinic/core';
import { routes, waitlistJson, type GuestWaitlistBookingJson, type GuestWaitlistJoinJson, type StaffWaitlistJson, type WaitlistJson } from '@clinic/contract';
import { z } from 'zod';
import { HttpDomainError, unwrap } from '../errors/http-error';
import { requestLanguage } from '../language';
import { currentMember, currentStaff, type AccountLookups } from '../middleware/auth';
import { ApiRouter } from '../routing/api-router';
import { formatInstant } from './instant';
import { lineUserOfSession } from './line-app.router';
import { EXAMPLE_RESERVATION } from './examples';
import { toReservationJson } from './reservations.schemas';

export { waitlistJson };

/** An entry as its member or guest sees it: the menu's name in their language (Japanese when not translated). */
export const toWaitlistJson = (entry: WaitlistEntry, language: Language = 'ja'): WaitlistJson => ({
  id: entry.id,
  clinicId: entry.clinicId,
  menuId: entry.menuId,
  menuName: localizeTexts({ name: entry.menuName }, entry.menuTranslations, language).name,
  from: entry.from,
  to: entry.to,
  times: entry.times.map((range) => ({ start: range.start, end: range.end })),
  status: entry.status,
  offer: entry.offer
    ? { startsAt: formatInstant(entry.offer.startMs), endsAt: formatInstant(entry.offer.endMs), expiresAt: formatInstant(entry.offer.expiresAtMs) }
    : null,
  reservationId: entry.reservationId,
  createdAt: formatInstant(entry.createdAtMs),
});

const toStaffWaitlistJson = (entry: WaitlistEntry): StaffWaitlistJson => ({
  ...toWaitlistJson(entry),
  name: entry.name,
  guest: entry.guest !== null,
  userId: entry.userId,
});

const EXAMPLE: z.infer<typeof waitlistJson> = {
  id: '31',
  clinicId: '1',
  menuId: '41',
  menuName: '医療脱毛（全身）',
  from: '2026-12-01',
  to: '2026-12-07',
  times: [{ start: '10:00', end: '13:00' }],
  status: 'OFFERED',
  offer: { startsAt: '2026-12-03T10:30:00+09:00', endsAt: '2026-12-03T12:00:00+09:00', expiresAt: '2026-11-30T15:30:00+09:00' },
  reservationId: null,
  createdAt: '2026-11-28T09:12:00+09:00',
};
const EXAMPLE_JOIN = { clinicId: '1', menuId: '41', from: '2026-12-01', to: '2026-12-07', times: [{ start: '10:00', end: '13:00' }] };
const EXAMPLE_GUEST = { name: '山田 花子', kana: 'ヤマダ ハナコ', phone: '090-1234-5678', email: 'hanako@example.jp' };

const JOIN_DESCRIPTION =
  '空きがないとき、メニュー・日付の範囲（今日から30日以内）・開始時刻の時間帯（`times`、省略で終日）を登録します。' +
  'キャンセルなどで条件に合う時間が空くと、登録の早い順にその時間を確保してご案内し（`status: OFFERED`、`offer`）、確保期限（クリニック設定 `waitlistHoldMinutes`）までに受け付けると予約になります。' +
  '21時〜9時に空いた時間のご案内は9時に送り、確保期限も9時から数えます。' +
  '同じ方（会員、ゲストは電話番号）が同じクリニック・メニューに登録できるのは1件で（409 WAITLIST_ALREADY_JOINED）、登録中のキャンセル待ちは1人5件、ゲストは同じ接続元から10件まで（409 WAITLIST_LIMIT_REACHED）です。' +
  '診療時間に一度も重ならない日付・時間帯は受け付けません（400 VALIDATION_FAILED）。';

/** キャンセル待ち for members (/api/users) and guests (/api/guests), docs/waitlist.md. */
export const memberWaitlistRouter = (waitlist: WaitlistUseCase, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/users', 'キャンセル待ち（会員）', accounts)
    .add(routes.waitlist.join, {
      summary: 'キャンセル待ちに登録',
      description: JOIN_DESCRIPTION,
      examples: { body: EXAMPLE_JOIN, response: { ...EXAMPLE, status: 'WAITING', offer: null } },
      errors: MEMBER_WAITLIST_JOIN_ERRORS,
      access: 'member',
      responses: { 201: { description: '登録しました。' } },
      handler: async (ctx, { body }) => {
        const entry = unwrap(await waitlist.joinByMember(currentMember(ctx).id, body));
        ctx.status = 201;
        ctx.body = toWaitlistJson(entry, requestLanguage(ctx));
      },
    })
    .add(routes.waitlist.list, {
      summary: '自分のキャンセル待ちの一覧',
      description: '新しい登録から順に返します。ご案内中のものは `offer` に確保した時間と期限があります。',
      examples: { response: [EXAMPLE] },
      access: 'member',
      responses: { 200: { description: '新しい順' } },
      handler: async (ctx) => {
        ctx.body = (await waitlist.listForMember(currentMember(ctx).id)).map((entry) => toWaitlistJson(entry, requestLanguage(ctx)));
      },
    })
    .add(routes.waitlist.remove, {
      summary: 'キャンセル待ちを取り消す',
      description: 'ご案内中の時間があれば、その時間は次の方へご案内します。',
      examples: { params: { id: '31' } },
      errors: ['WAITLIST_NOT_FOUND'],
      access: 'member',
      responses: { 204: { description: '取り消しました。' } },
      handler: async (ctx, { params }) => {
        unwrap(await waitlist.cancelByMember(currentMember(ctx).id, params.id));
        ctx.status = 204;
      },
    })
    .add(routes.waitlist.accept, {
      summary: 'ご案内の時間で予約する',
      description:
        '確保期限までなら、ご案内した時間で予約します（同時に何度送っても予約は1件）。期限を過ぎると 409 OFFER_EXPIRED です。LINE アプリのセッション（連携済みの会員）で予約すると、受付経路（`source`）は `LINE` です。',
      examples: { params: { id: '31' }, response: EXAMPLE_RESERVATION },
      errors: [...WAITLIST_ACCEPT_ERRORS, 'WAITLIST_NOT_FOUND'],
      access: 'member',
      responses: { 201: { description: '予約しました。' } },
      handler: async (ctx, { params }) => {
        // In the LINE app (the linked member's session LINE's token opened): a LINE booking.
        const lineUserId = lineUserOfSession(ctx);
        const reservation = unwrap(await waitlist.acceptByMember(currentMember(ctx).id, params.id, lineUserId ? { lineUserId } : undefined));
        ctx.status = 201;
        ctx.body = toReservationJson(reservation, requestLanguage(ctx));
      },
    })
    .add(routes.waitlist.decline, {
      summary: 'ご案内を辞退する',
      description: '辞退するとこのキャンセル待ちは終了し、確保していた時間は次の方へご案内します。',
      examples: { params: { id: '31' } },
      errors: WAITLIST_DECLINE_ERRORS,
      access: 'member',
      responses: { 204: { description: '辞退しました。' } },
      handler: async (ctx, { params }) => {
        unwrap(await waitlist.declineByMember(currentMember(ctx).id, params.id));
        ctx.status = 204;
      },
    });

/**
 * A guest's registration sends a mail to the address given, as a booking does: the guest booking
 * guard (per address, phone and e-mail; a proof of work past the free attempts) admits it first.
 */
export const guestWaitlistRouter = (waitlist: WaitlistUseCase, accounts: AccountLookups, guard: GuestBookingGuard): ApiRouter =>
  new ApiRouter('/api/guests', 'キャンセル待ち（ゲスト）', accounts)
    .add(routes.guestWaitlist.join, {
      summary: 'ゲストとしてキャンセル待ちに登録',
      description: `${JOIN_DESCRIPTION} 答えの \`token\` が確認・受付・取り消しのリンクの鍵です（登録メールにも記載）。ゲスト予約と同じ上限があり、超えると計算課題の答え（\`challenge\`）が必要です（428 CHALLENGE_REQUIRED）。`,
      examples: { body: { ...EXAMPLE_JOIN, guest: EXAMPLE_GUEST }, response: { id: '32', status: 'WAITING', token: 'd2FpdGxpc3QtdG9rZW4' } },
      errors: [...GUEST_WAITLIST_JOIN_ERRORS, 'CHALLENGE_REQUIRED', 'RATE_LIMITED'],
      access: 'public',
      responses: { 201: { description: '登録しました。' } },
      handler: async (ctx, { body }) => {
        // In the LINE app the session's LINE user (verified by LINE) joins: no e-mail, registration and offers by LINE.
        const lineUserId = lineUserOfSession(ctx);
        if (!lineUserId && !body.guest.email) {
          throw HttpDomainError.of('VALIDATION_FAILED', { fields: [{ path: 'guest.email', message: 'メールアドレスを入力してください。' }] });
        }
        const email = body.guest.email ?? '';
        unwrap(await guard.admit({ address: ctx.ip, phone: body.guest.phone, email: email || null, challenge: body.challenge ?? null }));
        const { guest, challenge: _solution, ...command } = body;
        const joined = unwrap(
          await waitlist.joinByGuest(
            { ...guest, email, kana: guest.kana ?? '' },
            command,
            requestLanguage(ctx),
            ctx.ip,
            lineUserId ? { lineUserId } : undefined,
          ),
        );
        // Only a join made counts against the phone and e-mail (a refused one counted against the address above).
        await guard.counted({ phone: guest.phone, email: email || null });
        ctx.status = 201;
        ctx.body = { id: joined.entry.id, status: joined.entry.status, token: joined.token } satisfies GuestWaitlistJoinJson;
      },
    })
    .add(routes.guestWaitlist.get, {
      summary: 'ゲストのキャンセル待ちの確認',
      description: '登録メールのリンクの `token` で、登録内容とご案内中の時間を返します。',
      examples: { query: { token: 'd2FpdGxpc3QtdG9rZW4' }, response: EXAMPLE },
      errors: ['INVALID_TOKEN'],
      access: 'public',
      responses: { 200: { description: '登録内容' } },
      handler: async (ctx, { query }) => {
        ctx.body = toWaitlistJson(unwrap(await waitlist.findByGuestToken(query.token)), requestLanguage(ctx));
      },
    })
    .add(routes.guestWaitlist.cancel, {
      summary: 'ゲストのキャンセル待ちを取り消す',
      description: '登録メールのリンクの `token` で取り消します。ご案内中の時間があれば、その時間は次の方へご案内します。',
      examples: { body: { token: 'd2FpdGxpc3QtdG9rZW4' } },
      errors: ['INVALID_TOKEN'],
      access: 'public',
      responses: { 204: { description: '取り消しました。' } },
      handler: async (ctx, { body }) => {
        unwrap(await waitlist.cancelByGuestToken(body.token));
        ctx.status = 204;
      },
    })
    .add(routes.guestWaitlist.accept, {
      summary: 'ゲストがご案内の時間で予約する',
      description: '確保期限までなら、ご案内した時間で予約します。答えの `cancelToken` で予約をキャンセルできます。',
      examples: {
        body: { token: 'd2FpdGxpc3QtdG9rZW4' },
        response: { id: '1003', startsAt: '2026-12-03T10:30:00+09:00', endsAt: '2026-12-03T12:00:00+09:00', cancelToken: 'c2FtcGxlLWNhbmNlbC10b2tlbg' },
      },
      errors: GUEST_WAITLIST_ACCEPT_ERRORS,
      access: 'public',
      responses: {
        201: { description: '予約しました。' },
      },
      handler: async (ctx, { body }) => {
        const booked = unwrap(await waitlist.acceptByGuestToken(body.token));
        ctx.status = 201;
        ctx.body = {
          id: booked.reservation.id,
          startsAt: formatInstant(booked.reservation.startMs),
          endsAt: formatInstant(booked.reservation.endMs),
          cancelToken: booked.cancelToken,
        } satisfies GuestWaitlistBookingJson;
      },
    })
    .add(routes.guestWaitlist.decline, {
      summary: 'ゲストがご案内を辞退する',
      description: '辞退するとこのキャンセル待ちは終了し、確保していた時間は次の方へご案内します。',
      examples: { body: { token: 'd2FpdGxpc3QtdG9rZW4' } },
      errors: GUEST_WAITLIST_DECLINE_ERRORS,
      access: 'public',
      responses: { 204: { description: '辞退しました。' } },
      handler: async (ctx, { body }) => {
        unwrap(await waitlist.declineByGuestToken(body.token));
        ctx.status = 204;
      },
    });

export const staffWaitlistRouter = (waitlist: WaitlistUseCase, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/staffs', 'キャンセル待ち（スタッフ）', accounts)
    .add(routes.staffWaitlist.list, {
      summary: 'キャンセル待ちの一覧',
      description: '`date` を付けるとその日を含む登録（終了したものも）を、付けなければ待機中とご案内中の登録を、登録順に返します。',
      examples: { query: { clinicId: '1', date: '2026-12-03' }, response: [{ ...EXAMPLE, name: '山田 花子', guest: false, userId: '15' }] },
      access: 'staff',
      responses: { 200: { description: '登録順' } },
      handler: async (ctx, { query }) => {
        currentStaff(ctx);
        ctx.body = (await waitlist.listForClinic(query.clinicId, query.date ?? null)).map(toStaffWaitlistJson);
      },
    })
    .add(routes.staffWaitlist.holds, {
      summary: 'キャンセル待ちで確保中の時間',
      description: 'ご案内中（確保中）の時間を、工程ごとのスタッフ・部屋・機械とともに返します（カレンダーの「キャンセル待ち確保」）。',
      examples: {
        query: { clinicId: '1', from: '2026-12-03T00:00:00+09:00', to: '2026-12-04T00:00:00+09:00' },
        response: [
          {
            entryId: '31',
            name: '山田 花子',
            menuName: '医療脱毛（全身）',
            startsAt: '2026-12-03T10:30:00+09:00',
            endsAt: '2026-12-03T12:00:00+09:00',
            expiresAt: '2026-11-30T15:30:00+09:00',
            tasks: [{ startsAt: '2026-12-03T10:30:00+09:00', endsAt: '2026-12-03T12:00:00+09:00', staffId: '3', roomId: '2', machineId: null }],
          },
        ],
      },
      access: 'staff',
      responses: { 200: { description: '確保中の時間' } },
      handler: async (ctx, { query }) => {
        currentStaff(ctx);
        ctx.body = (await waitlist.heldOffers(query.clinicId, query.from, query.to)).map((held) => ({
          entryId: held.entryId,
          name: held.name,
          menuName: held.menuName,
          startsAt: formatInstant(held.startMs),
          endsAt: formatInstant(held.endMs),
          expiresAt: formatInstant(held.expiresAtMs),
          tasks: held.tasks.map((task) => ({
            startsAt: formatInstant(task.startMs),
            endsAt: formatInstant(task.endMs),
            staffId: task.staffId,
            roomId: task.roomId,
            machineId: task.machineId,
          })),
        }));
      },
    })
    .add(routes.staffWaitlist.offer, {
      summary: '時間を指定してご案内する',
      description: '待機中の登録に、指定した開始時刻を確保してご案内します（メッセージも送ります）。その時間が空いていなければ RESERVATION_CONFLICT です。',
      examples: {
        params: { id: '31' },
        body: { startsAt: '2026-12-03T10:30:00+09:00' },
        response: { ...EXAMPLE, name: '山田 花子', guest: false, userId: '15' },
      },
      errors: STAFF_WAITLIST_OFFER_ERRORS,
      access: 'staff',
      responses: { 201: { description: 'ご案内しました。' } },
      handler: async (ctx, { params, body }) => {
        const entry = unwrap(await waitlist.offerByStaff(currentStaff(ctx).id, params.id, body.startsAt));
        ctx.status = 201;
        ctx.body = toStaffWaitlistJson(entry);
      },
    })
    .add(routes.staffWaitlist.remove, {
      summary: 'キャンセル待ちを削除する',
      description: 'ご案内中の時間があれば、その時間は次の方へご案内します。',
      examples: { params: { id: '31' } },
      errors: ['WAITLIST_NOT_FOUND'],
      access: 'staff',
      responses: { 204: { description: '削除しました。' } },
      handler: async (ctx, { params }) => {
        unwrap(await waitlist.removeByStaff(currentStaff(ctx).id, params.id));
        ctx.status = 204;
      },
    });

/** The no-show policy for staff: set or lift a member's online-booking restriction (audited). */
export const staffBookingRestrictionRouter = (restrictions: BookingRestrictions, accounts: AccountLookups, guestLimits: GuestLimitsUseCase): ApiRouter =>
  new ApiRouter('/api/staffs', '会員管理', accounts)
    .add(routes.staffGuestLimits.clear, {
      summary: 'ゲスト予約の上限を解除',
      description:
        'この会員の電話番号とメールアドレスに数えられた、今日のゲスト予約・キャンセル待ち登録の数を消します（1日あたりの上限 `GUEST_MAX_PER_PHONE_DAY`・`GUEST_MAX_PER_EMAIL_DAY` に達した方が、すぐにまた予約できるように）。監査ログに `user.guest_limit.clear` として残ります。',
      examples: { params: { id: '101' } },
      errors: ['USER_NOT_FOUND'],
      access: 'staff',
      audit: { action: 'update', resource: 'member', idParam: 'id' },
      responses: { 204: { description: '解除しました。' }, 404: { description: 'USER_NOT_FOUND' } },
      handler: async (ctx, { params }) => {
        unwrap(await guestLimits.clear(currentStaff(ctx).id, params.id));
        ctx.status = 204;
      },
    })
    .add(routes.staffWaitlist.restrictBooking, {
      summary: 'オンライン予約の制限を設定・解除',
      description:
        '`restricted: true` でオンライン予約とキャンセル待ちの登録を止め、`false` で解除します（理由は必須、監査ログに残ります）。解除は次の無断キャンセルまで有効です。現在の状態は `GET /api/staffs/users/{id}/with-details` の `bookingRestriction`。',
      examples: { params: { id: '101' }, body: { restricted: false, reason: 'お電話で事情を伺い、解除しました。' } },
      errors: ['USER_NOT_FOUND'],
      access: 'staff',
      audit: { action: 'update', resource: 'member', idParam: 'id' },
      responses: { 204: { description: '設定しました。' }, 404: { description: 'USER_NOT_FOUND' } },
      handler: async (ctx, { params, body }) => {
        unwrap(await restrictions.set(currentStaff(ctx).id, params.id, body.restricted, body.reason));
        ctx.status = 204;
      },
    });
