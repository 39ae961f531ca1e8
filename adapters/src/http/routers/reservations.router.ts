import { routes, type ReservationHistoryJson } from '@clinic/contract';
import {
  GUEST_CANCEL_ERRORS,
  GUEST_CONFIRM_ERRORS,
  MEMBER_CANCEL_ERRORS,
  MEMBER_CHANGE_ERRORS,
  MEMBER_CONFIRM_ERRORS,
  MOVE_ERRORS,
  STAFF_BOOKING_ERRORS,
  STAFF_SEARCH_ERRORS,
  STAFF_UPDATE_ERRORS,
  GUEST_BOOKING_ERRORS,
  MEMBER_BOOKING_ERRORS,
  SEARCH_ERRORS,
  type ChangeFeedPort,
  type ReservationHistoryPort,
  type BookReservationUseCase,
  type StaffBookingUseCase,
  type ErrorCode,
  type FormsSummary,
  type ReservationView,
  type GuestBookingGuard,
  type IdempotencyStorePort,
  type ManageReservationUseCase,
  type ReservationQueriesUseCase,
  type ReservationRepositoryPort,
  type SearchAvailabilityUseCase,
} from '@clinic/core';
import { PassThrough } from 'node:stream';
import { HttpDomainError, unwrap } from '../errors/http-error';
import { currentMember, currentStaff, type AccountLookups, type ApiContext } from '../middleware/auth';
import { ApiRouter, type ServerRouteSpec } from '../routing/api-router';
import { lineUserOfSession } from './line-app.router';
import { IDEMPOTENCY_ERRORS, IDEMPOTENCY_RESPONSES, idempotent } from '../routing/idempotency';
import { requestLanguage } from '../language';
import { formatInstant } from './instant';
import { slotsJsonText, staffSlotsJsonText, toReservationJson, toStaffReservationJson } from './reservations.schemas';
import { EXAMPLE_RESERVATION, EXAMPLE_STAFF_RESERVATION } from './examples';

export interface ReservationsHttpDeps {
  readonly search: SearchAvailabilityUseCase;
  readonly book: BookReservationUseCase;
  readonly manage: ManageReservationUseCase;
  readonly reservations: ReservationRepositoryPort;
  readonly idempotency: IdempotencyStorePort;
  readonly history: ReservationHistoryPort;
  readonly changes: ChangeFeedPort;
  readonly accounts: AccountLookups;
  /** Staff bookings: menus of the clinic, the member, and times outside hours only when confirmed. */
  readonly staffBooking: StaffBookingUseCase;
  readonly guestGuard: GuestBookingGuard;
  /** The calendar's range, the staff search and the free resources of a span (their limits and rules in the core). */
  readonly queries: ReservationQueriesUseCase;
  /** The 問診票 and 同意書 of each reservation, for the calendar and the panel (docs/forms.md). */
  readonly formsSummaries?: (reservations: readonly ReservationView[]) => Promise<ReadonlyMap<string, FormsSummary>>;
}

/** Staff answers with the forms' summary of each reservation, when the forms module is wired (added in place, as in `toStaffReservationJson`). */
const withForms = async (deps: ReservationsHttpDeps, reservations: readonly ReservationView[]) => {
  const summaries = deps.formsSummaries && reservations.length > 0 ? await deps.formsSummaries(reservations) : null;
  return reservations.map((reservation) => {
    const forms = summaries?.get(reservation.id);
    return forms
      ? Object.assign(toStaffReservationJson(reservation), {
          forms: { required: forms.required, complete: forms.complete, flags: [...forms.flags] },
          formsSent: forms.sent,
        })
      : toStaffReservationJson(reservation);
  });
};

const SEARCH_EXAMPLES = {
  body: { clinicId: '1', menuId: '41', from: '2026-12-01', to: '2026-12-07' },
  response: {
    slots: [
      { startsAt: '2026-12-01T10:00:00+09:00', endsAt: '2026-12-01T11:30:00+09:00' },
      { startsAt: '2026-12-01T10:30:00+09:00', endsAt: '2026-12-01T12:00:00+09:00' },
    ],
  },
};

/** Sends JSON already written as text (the searches' answers), with the Content-Type koa gives an object. */
const sendJsonText = (ctx: ApiContext, text: string): void => {
  ctx.type = 'json';
  ctx.body = text;
};

const SEARCH_DESCRIPTION =
  '`from` から `to` まで（両端を含む日付）の、メニューの全工程がスタッフ・部屋・機械とともに続けて収まる開始時刻（15分刻み、昇順）を返します。';

/** Member routes: their own reservations only; another member's id answers 404. */
export const memberReservationsRouter = (deps: ReservationsHttpDeps): ApiRouter =>
  new ApiRouter('/api/users', '会員の予約', deps.accounts)
    .add(routes.reservations.search, {
      summary: '空き時間の検索（今日から30日間）',
      examples: SEARCH_EXAMPLES,
      errors: SEARCH_ERRORS,
      description: SEARCH_DESCRIPTION,
      access: 'member',
      responses: { 200: { description: '予約できる開始時刻' } },
      handler: async (ctx, { body }) => {
        sendJsonText(ctx, slotsJsonText(unwrap(await deps.search.execute({ audience: 'member', userId: currentMember(ctx).id, ...body }))));
      },
    })
    .add(routes.reservations.book, {
      summary: '予約する',
      examples: { body: { clinicId: '1', menuId: '41', startsAt: '2026-12-01T10:00:00+09:00' }, response: EXAMPLE_RESERVATION },
      errors: [...MEMBER_BOOKING_ERRORS, ...IDEMPOTENCY_ERRORS],
      description:
        '検索で得た開始時刻で1メニューを予約します。`Idempotency-Key` ヘッダーを付けると、同じキーと本文の再送は最初の結果を返します。' +
        'LINE アプリのセッション（`POST /api/line/app/session` で連携済みの会員としてログイン）での予約は、受付経路（`source`）が `LINE` になります。',
      access: 'member',
      responses: { 201: { description: '予約しました。' }, ...IDEMPOTENCY_RESPONSES },
      handler: async (ctx, { body }) => {
        const member = currentMember(ctx);
        // In the LINE app (the session LINE's token opened for the linked member): a LINE booking.
        const lineUserId = lineUserOfSession(ctx);
        await idempotent(ctx, deps.idempotency, `user:${member.id}`, ctx.request.body, async () => {
          const reservation = unwrap(
            await deps.book.byMember(
              member.id,
              { clinicId: body.clinicId, menuId: body.menuId, startMs: body.startsAt, campaign: body.campaign ?? null },
              lineUserId ? { lineUserId } : undefined,
            ),
          );
          ctx.status = 201;
          ctx.body = toReservationJson(reservation, requestLanguage(ctx));
        });
      },
    })
    .add(routes.reservations.list, {
      summary: '自分の予約の一覧',
      description: 'ログインしている会員自身の予約を、新しい日時から順に返します。',
      examples: { response: [EXAMPLE_RESERVATION] },
      access: 'member',
      responses: { 200: { description: '新しい順' } },
      handler: async (ctx) => {
        ctx.body = (await deps.reservations.listForMember(currentMember(ctx).id)).map((reservation) => toReservationJson(reservation, requestLanguage(ctx)));
      },
    })
    .add(routes.reservations.get, {
      summary: '自分の予約',
      description: '自分の予約1件を返します。ほかの会員の予約IDは 404 です。',
      examples: { params: { id: '1001' }, response: EXAMPLE_RESERVATION },
      errors: ['RESERVATION_NOT_FOUND'],
      access: 'member',
      responses: { 200: { description: '予約' } },
      handler: async (ctx, { params }) => {
        ctx.body = toReservationJson(unwrap(await deps.manage.findOwn(currentMember(ctx).id, params.id)), requestLanguage(ctx));
      },
    })
    .add(routes.reservations.change, {
      summary: '予約の日時を変更',
      examples: {
        params: { id: '1001' },
        body: { startsAt: '2026-12-02T15:00:00+09:00' },
        response: { ...EXAMPLE_RESERVATION, startsAt: '2026-12-02T15:00:00+09:00', endsAt: '2026-12-02T16:30:00+09:00', tasks: [] },
      },
      errors: MEMBER_CHANGE_ERRORS,
      description: '変更期限（開始の何時間前まで、クリニックごとの設定）までは、新しい開始時刻に変更できます。',
      access: 'member',
      responses: { 200: { description: '変更後の予約' } },
      handler: async (ctx, { params, body }) => {
        ctx.body = toReservationJson(unwrap(await deps.manage.changeByMember(currentMember(ctx).id, params.id, body.startsAt)), requestLanguage(ctx));
      },
    })
    .add(routes.reservations.cancel, {
      summary: '予約をキャンセル',
      examples: { params: { id: '1001' }, response: { ...EXAMPLE_RESERVATION, status: 'CANCELLED', cancelledAt: '2026-11-25T09:00:00+09:00' } },
      errors: MEMBER_CANCEL_ERRORS,
      description: 'キャンセル期限を過ぎるとWebではキャンセルできません（CANCEL_DEADLINE_PASSED、クリニックの電話番号つき）。',
      access: 'member',
      responses: { 200: { description: 'キャンセル後の予約' } },
      handler: async (ctx, { params }) => {
        ctx.body = toReservationJson(unwrap(await deps.manage.cancelByMember(currentMember(ctx).id, params.id)), requestLanguage(ctx));
      },
    })
    .add(routes.reservations.confirm, {
      summary: '来院を確認する',
      examples: { params: { id: '1001' }, response: { ...EXAMPLE_RESERVATION, confirmedAt: '2026-11-30T18:05:00+09:00' } },
      errors: MEMBER_CONFIRM_ERRORS,
      description:
        'リマインダーのリンクから、予約どおり来院することを伝えます。予約中で開始前の予約だけが対象です（それ以外は VISIT_NOT_CONFIRMABLE）。2回目以降は最初の確認日時のまま返します。日時が変わると確認は消えます。',
      access: 'member',
      responses: { 200: { description: '確認済みの予約（`confirmedAt` つき）' } },
      handler: async (ctx, { params }) => {
        ctx.body = toReservationJson(unwrap(await deps.manage.confirmByMember(currentMember(ctx).id, params.id)), requestLanguage(ctx));
      },
    });

/** Guest routes: a first counselling without an account, and cancel by the token. */
export const guestReservationsRouter = (deps: ReservationsHttpDeps): ApiRouter =>
  new ApiRouter('/api/guests', 'ゲストの予約', deps.accounts)
    .add(routes.guestReservations.search, {
      summary: '空き時間の検索（今日から30日間）',
      examples: SEARCH_EXAMPLES,
      errors: SEARCH_ERRORS,
      description: SEARCH_DESCRIPTION,
      access: 'public',
      responses: { 200: { description: '予約できる開始時刻' } },
      handler: async (ctx, { body }) => {
        sendJsonText(ctx, slotsJsonText(unwrap(await deps.search.execute({ audience: 'guest', ...body }))));
      },
    })
    .add(routes.guestReservations.book, {
      summary: 'ゲストとして予約する',
      examples: {
        body: {
          clinicId: '1',
          menuId: '41',
          startsAt: '2026-12-01T10:00:00+09:00',
          guest: { name: '山田 花子', kana: 'ヤマダ ハナコ', phone: '090-1234-5678', email: 'hanako@example.jp' },
        },
        response: {
          id: '1002',
          startsAt: '2026-12-01T10:00:00+09:00',
          endsAt: '2026-12-01T11:30:00+09:00',
          clinicId: '1',
          menus: [{ id: '41', name: '全身脱毛（顔・VIOなし）' }],
          cancelToken: 'c2FtcGxlLWNhbmNlbC10b2tlbg',
        },
      },
      // The booking's own codes, and the guest booking guard's in front of it.
      errors: [...GUEST_BOOKING_ERRORS, 'CHALLENGE_REQUIRED', 'RATE_LIMITED', ...IDEMPOTENCY_ERRORS],
      description:
        '電話番号と氏名が同じ仮会員がいればその方の予約に、いなければ仮会員を作って予約します。答えの `cancelToken` でキャンセルできます（予約完了画面とメールのリンク）。' +
        'LINE アプリのセッション（`POST /api/line/app/session`、LINE ゲスト）では、メールアドレスなしで予約でき、予約元は LINE、確認とリマインドはその LINE ユーザーに LINE で届き、`GET /api/line/app/reservations` に出ます。' +
        '電話番号と氏名（またはメールアドレス）が本会員のものなら MEMBER_LOGIN_REQUIRED（会員ログインしてから予約）。' +
        '同じ接続元からの予約が1時間に一定数を超えると、`GET /api/guests/challenge` の計算課題を解いた答えを `challenge` に付けて送る必要があります（なければ 428 CHALLENGE_REQUIRED）。接続元ごとの試行（断られたものを含む）と、電話番号・メールアドレスごとの予約・登録の数（断られたものは数えません）が上限を超えると 429 RATE_LIMITED です。',
      access: 'public',
      responses: { 201: { description: '予約しました。' }, ...IDEMPOTENCY_RESPONSES },
      handler: async (ctx, { body }) => {
        // The guard counts the attempt first against the client address (the phone's and e-mail's
        // limits are only read here: a booking made counts against them below, a refused one never,
        // so nobody can use up another person's limit) and, past the free attempts of an address,
        // wants a solved challenge. Before the idempotency record, so
        // that a 428 is never replayed to the resend that carries the solution; the solution is
        // left out of the idempotency hash, so that resend is the same request.
        // In the LINE app the session's LINE user (verified by LINE) books: no e-mail needed, messages by LINE.
        const lineUserId = lineUserOfSession(ctx);
        if (!lineUserId && !body.guest.email) {
          throw HttpDomainError.of('VALIDATION_FAILED', { fields: [{ path: 'guest.email', message: 'メールアドレスを入力してください。' }] });
        }
        unwrap(await deps.guestGuard.admit({ address: ctx.ip, phone: body.guest.phone, email: body.guest.email ?? null, challenge: body.challenge ?? null }));
        const { challenge: _solution, ...request } = ctx.request.body as Record<string, unknown>;
        const language = body.language ?? requestLanguage(ctx);
        const kana = body.guest.kana ?? '';
        await idempotent(ctx, deps.idempotency, 'guest', request, async () => {
          const booked = unwrap(
            await deps.book.byGuest(
              { name: body.guest.name, kana, phone: body.guest.phone, email: body.guest.email ?? null, language },
              { clinicId: body.clinicId, menuId: body.menuId, startMs: body.startsAt, campaign: body.campaign ?? null },
              lineUserId ? { lineUserId } : undefined,
            ),
          );
          await deps.guestGuard.counted({ phone: body.guest.phone, email: body.guest.email ?? null });
          const json = toReservationJson(booked.reservation, language);
          ctx.status = 201;
          ctx.body = { id: json.id, startsAt: json.startsAt, endsAt: json.endsAt, clinicId: json.clinicId, menus: json.menus, cancelToken: booked.cancelToken };
        });
      },
    })
    .add(routes.guestReservations.challenge, {
      summary: 'ゲスト予約の計算課題（proof of work）',
      description:
        'ALTCHA（自前で発行・検証し、外部サービスは使いません）の課題を返します。ブラウザーで解いた答え `{ challenge, solution }` のJSONを、ゲスト予約の `challenge` に付けて送ります。有効期限は10分、答えは1回だけ使えます。',
      examples: {
        response: {
          parameters: {
            algorithm: 'PBKDF2/SHA-256',
            nonce: '3f1c…',
            salt: '9a0b…',
            cost: 5000,
            keyLength: 32,
            keyPrefix: '1e2d…',
            keySignature: '77aa…',
            expiresAt: 1796169600,
          },
          signature: 'c0ffee…',
        },
      },
      access: 'public',
      responses: { 200: { description: '課題' } },
      handler: async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = await deps.guestGuard.challenge();
      },
    })
    .add(routes.guestReservations.cancel, {
      summary: 'ゲストの予約をキャンセル',
      examples: { body: { token: 'c2FtcGxlLWNhbmNlbC10b2tlbg' }, response: { id: '1002', status: 'CANCELLED' } },
      errors: GUEST_CANCEL_ERRORS,
      description: '予約時に渡したトークンでキャンセルします。IDだけではキャンセルできません。',
      access: 'public',
      responses: { 200: { description: 'キャンセルしました。' } },
      handler: async (ctx, { body }) => {
        const cancelled = unwrap(await deps.manage.cancelByGuestToken(body.token));
        ctx.body = { id: cancelled.id, status: cancelled.status };
      },
    })
    .add(routes.guestReservations.confirm, {
      summary: 'ゲストの来院を確認する',
      examples: {
        body: { token: 'c2FtcGxlLWNhbmNlbC10b2tlbg' },
        response: {
          id: '1002',
          status: 'RESERVED',
          startsAt: '2026-12-01T10:00:00+09:00',
          endsAt: '2026-12-01T11:30:00+09:00',
          clinicId: '1',
          menus: [{ id: '41', name: '医療脱毛（全身）' }],
          confirmedAt: '2026-11-30T18:05:00+09:00',
        },
      },
      errors: GUEST_CONFIRM_ERRORS,
      description: '予約時に渡したトークン（キャンセルと同じ）で来院を確認します。予約中で開始前の予約だけが対象で、2回目以降は最初の確認日時のまま返します。',
      access: 'public',
      responses: { 200: { description: '確認しました。' } },
      handler: async (ctx, { body }) => {
        const json = toReservationJson(unwrap(await deps.manage.confirmByGuestToken(body.token)), requestLanguage(ctx));
        ctx.body = {
          id: json.id,
          status: json.status,
          startsAt: json.startsAt,
          endsAt: json.endsAt,
          clinicId: json.clinicId,
          menus: json.menus,
          confirmedAt: json.confirmedAt,
        };
      },
    });

/**
 * The members a staff reservation answer shows (one reservation or a list), for the access audit.
 * Reservation writes name no `idParam`: `entity`/`entity_id` = reservation/id belong to the change
 * trail the use cases write (the reservation's history); the access record keeps the id in `path`.
 */
const reservationMembers = (ctx: ApiContext): string[] => {
  const body = ctx.body as { userId?: string } | { userId?: string }[] | undefined;
  return (Array.isArray(body) ? body : body ? [body] : []).map((r) => r.userId ?? '');
};

/**
 * Staff routes: the calendar and every change to a reservation. Staff of any clinic run the
 * calendar of every clinic of the chain (shared/DOMAIN.md): no clinic scope applies here
 * (core/src/clinic-scope), only the routes' `access: 'staff'`.
 */
export const staffReservationsRouter = (deps: ReservationsHttpDeps): ApiRouter =>
  new ApiRouter('/api/staffs', 'スタッフの予約管理', deps.accounts)
    .add(routes.staffReservations.search, {
      summary: '空き時間の検索（今日から90日間、割り当て候補つき）',
      examples: {
        body: { clinicId: '1', menuId: '41', from: '2026-12-01', to: '2026-12-07' },
        response: {
          slots: [
            {
              startsAt: '2026-12-01T10:00:00+09:00',
              endsAt: '2026-12-01T11:30:00+09:00',
              tasks: [
                { startsAt: '2026-12-01T10:00:00+09:00', endsAt: '2026-12-01T10:30:00+09:00', staffId: '31', roomId: '11', machineId: null },
                { startsAt: '2026-12-01T10:30:00+09:00', endsAt: '2026-12-01T11:30:00+09:00', staffId: '31', roomId: '11', machineId: '12' },
              ],
            },
          ],
        },
      },
      errors: STAFF_SEARCH_ERRORS,
      description: `${SEARCH_DESCRIPTION} 各時刻に、優先順位で割り当てられるスタッフ・部屋・機械を添えます。`,
      access: 'staff',
      responses: { 200: { description: '予約できる開始時刻と割り当て' } },
      handler: async (ctx, { body }) => {
        sendJsonText(ctx, staffSlotsJsonText(unwrap(await deps.search.execute({ audience: 'staff', ...body }))));
      },
    })
    .add(routes.staffReservations.calendar, {
      summary: 'カレンダー用の予約一覧',
      examples: { query: { clinicId: '1', from: '2026-12-01', to: '2026-12-07' }, response: [EXAMPLE_STAFF_RESERVATION] },
      errors: ['SEARCH_PERIOD_TOO_LONG'],
      description: '`from`〜`to`（日付、両端を含む）に重なる予約を、工程・会員名・メニュー名つきで返します。',
      access: 'staff',
      audit: { action: 'list', resource: 'reservation', members: reservationMembers },
      responses: { 200: { description: '開始時刻順' } },
      handler: async (ctx, { query }) => {
        ctx.body = await withForms(deps, unwrap(await deps.queries.calendar(query.clinicId, query.from, query.to)));
      },
    })
    .add(routes.staffReservations.book, {
      summary: '予約を登録',
      examples: {
        body: { clinicId: '1', userId: '101', menuId: '41', startsAt: '2026-12-01T10:00:00+09:00', memo: '電話予約' },
        response: EXAMPLE_STAFF_RESERVATION,
      },
      errors: [...STAFF_BOOKING_ERRORS, ...IDEMPOTENCY_ERRORS],
      description:
        '`{clinicId, userId, menuId, startsAt}` なら空き時間と同じ規則でスタッフ・部屋・機械を自動で割り当てます。`{clinicId, userId, menuIds, tasks}` なら指定どおりに登録します。どちらも重なりはデータベースが拒否します。' +
        'メニューはそのクリニックのものを1つ以上、重複なしで指定します（他院・存在しないメニューはMENU_NOT_FOUND、存在しない会員はUSER_NOT_FOUND）。' +
        '過去の日時や営業時間外（休診日・休憩を含む）は、`allowOutsideHours: true` を付けたときだけ登録でき（監査ログに残ります）、付けないと400 `OUTSIDE_OPENING_HOURS`（`detail.reasons`: PAST・OUTSIDE_HOURS）です。',
      access: 'staff',
      audit: { action: 'create', resource: 'reservation', members: reservationMembers },
      responses: { 201: { description: '登録しました。' }, ...IDEMPOTENCY_RESPONSES },
      handler: async (ctx, { body }) => {
        const staff = currentStaff(ctx);
        await idempotent(ctx, deps.idempotency, `staff:${staff.id}`, ctx.request.body, async () => {
          const result =
            'menuId' in body
              ? await deps.staffBooking.automatic(staff.id, {
                  clinicId: body.clinicId,
                  userId: body.userId,
                  menuId: body.menuId,
                  startMs: body.startsAt,
                  allowOutsideHours: body.allowOutsideHours === true,
                  ...(body.memo !== undefined ? { memo: body.memo } : {}),
                })
              : await deps.staffBooking.explicit(staff.id, {
                  clinicId: body.clinicId,
                  userId: body.userId,
                  menuIds: body.menuIds,
                  allowOutsideHours: body.allowOutsideHours === true,
                  ...(body.memo !== undefined ? { memo: body.memo } : {}),
                  tasks: body.tasks.map((task) => ({
                    startMs: task.startsAt,
                    endMs: task.endsAt,
                    staffId: task.staffId ?? null,
                    roomId: task.roomId ?? null,
                    machineId: task.machineId ?? null,
                  })),
                });
          ctx.status = 201;
          ctx.body = toStaffReservationJson(unwrap(result));
        });
      },
    })
    .add(routes.staffReservations.availableResources, {
      summary: '空いているスタッフ・部屋・機械',
      examples: {
        body: { clinicId: '1', startsAt: '2026-12-01T10:00:00+09:00', endsAt: '2026-12-01T10:30:00+09:00' },
        response: { staffIds: ['31'], roomIds: ['11'], machineIds: ['12'] },
      },
      errors: ['CLINIC_NOT_FOUND'],
      description: '指定の時間帯に勤務中で空いているスタッフ、空いている部屋と機械を返します。変更中の予約は `excludeReservationId` で除けます。',
      access: 'staff',
      responses: {
        200: {
          description: '空いている資源',
        },
      },
      handler: async (ctx, { body }) => {
        ctx.body = unwrap(
          await deps.queries.freeResources({
            clinicId: body.clinicId,
            startMs: body.startsAt,
            endMs: body.endsAt,
            ...(body.excludeReservationId ? { excludeReservationId: body.excludeReservationId } : {}),
          }),
        );
      },
    })
    .add(routes.staffReservations.find, {
      summary: '予約の検索',
      examples: { body: { clinicId: '1', from: '2026-12-01', to: '2026-12-31', keyword: 'ヤマダ' }, response: [EXAMPLE_STAFF_RESERVATION] },
      errors: ['SEARCH_PERIOD_TOO_LONG'],
      description: '期間（最大90日）に重なる予約を、会員・状態・氏名やカナ・診察券番号で絞り込みます。',
      access: 'staff',
      audit: { action: 'search', resource: 'reservation', members: reservationMembers },
      responses: { 200: { description: '開始時刻順' } },
      handler: async (ctx, { body }) => {
        const { clinicId, from, to, userId, status, keyword } = body;
        const found = await deps.queries.search({
          clinicId,
          from,
          to,
          ...(userId ? { userId } : {}),
          ...(status ? { status } : {}),
          ...(keyword ? { keyword } : {}),
        });
        ctx.body = unwrap(found).map(toStaffReservationJson);
      },
    })
    .add(routes.staffReservations.recent, {
      summary: '最近の予約（新着）',
      description: 'クリニックに新しく入った予約を、登録の新しい順に返します（新着一覧）。',
      examples: { query: { clinicId: '1' }, response: [EXAMPLE_STAFF_RESERVATION] },
      access: 'staff',
      audit: { action: 'list', resource: 'reservation', members: reservationMembers },
      responses: { 200: { description: '受付の新しい順に50件' } },
      handler: async (ctx, { query }) => {
        ctx.body = (await deps.reservations.recent(query.clinicId, 'created', 50)).map(toStaffReservationJson);
      },
    })
    .add(routes.staffReservations.recentCancelled, {
      summary: '最近のキャンセル（新着）',
      description: 'クリニックで最近キャンセルされた予約を、キャンセルの新しい順に返します。',
      examples: { query: { clinicId: '1' }, response: [{ ...EXAMPLE_STAFF_RESERVATION, status: 'CANCELLED', cancelledAt: '2026-11-25T09:00:00+09:00' }] },
      access: 'staff',
      audit: { action: 'list', resource: 'reservation', members: reservationMembers },
      responses: { 200: { description: 'キャンセルの新しい順に50件' } },
      handler: async (ctx, { query }) => {
        ctx.body = (await deps.reservations.recent(query.clinicId, 'cancelled', 50)).map(toStaffReservationJson);
      },
    })
    .add(routes.staffReservations.events, {
      summary: '予約の変更通知（server-sent events）',
      examples: { query: { clinicId: '1' } },
      description:
        'クリニックの予約が変わるたびに `event: reservations`、`data: {clinicId, from, to}`（変わった時間帯、オフセット付きISO 8601）を送ります。サーバーがデータベースとの接続を失って回復したときは、その間の変更を通知できないため `event: resync` を送ります（表示中の予約を読み直してください）。どのサーバーで起きた変更も届きます（PostgreSQL の LISTEN/NOTIFY）。25秒ごとにコメント行を送って接続を保ちます。',
      access: 'staff',
      responses: { 200: { description: 'text/event-stream' } },
      handler: async (ctx, { query }) => {
        const stream = new PassThrough();
        ctx.req.socket.setTimeout(0);
        ctx.req.socket.setNoDelay(true);
        ctx.set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
        ctx.status = 200;
        ctx.body = stream;
        stream.write('retry: 3000\n: connected\n\n');
        const unsubscribe = deps.changes.subscribe(
          (change) => {
            if (change.clinicId !== query.clinicId) return;
            stream.write(
              `event: reservations\ndata: ${JSON.stringify({ clinicId: change.clinicId, from: formatInstant(change.fromMs), to: formatInstant(change.toMs) })}\n\n`,
            );
          },
          // The server lost PostgreSQL for a while: changes made meanwhile were not announced.
          () => stream.write(`event: resync\ndata: ${JSON.stringify({ clinicId: query.clinicId })}\n\n`),
        );
        const heartbeat = setInterval(() => stream.write(': ping\n\n'), 25_000);
        const stop = () => {
          clearInterval(heartbeat);
          unsubscribe();
          stream.end();
        };
        ctx.req.on('close', stop);
        stream.on('error', stop);
      },
    })
    .add(routes.staffReservations.history, {
      summary: '予約の変更履歴',
      examples: {
        params: { id: '1001' },
        response: [
          { at: '2026-11-24T09:00:00+09:00', action: 'CREATED', actor: { type: 'user', id: '101', name: '山田 花子' } },
          { at: '2026-11-25T10:00:00+09:00', action: 'MOVED', actor: { type: 'staff', id: '31', name: '佐藤 美咲' } },
        ],
      },
      errors: ['RESERVATION_NOT_FOUND'],
      description: '誰が・いつ・何をしたか（登録、変更、移動、キャンセル、無断キャンセル、来院）を古い順に返します。',
      access: 'staff',
      audit: { action: 'view', resource: 'reservation_history', idParam: 'id' },
      responses: {
        200: {
          description: '古い順',
        },
      },
      handler: async (ctx, { params }) => {
        if (!(await deps.reservations.findById(params.id))) throw HttpDomainError.of('RESERVATION_NOT_FOUND');
        ctx.body = (await deps.history.history(params.id)).map((entry): ReservationHistoryJson => ({
          at: formatInstant(entry.atMs),
          action: entry.action,
          actor: entry.actor,
        }));
      },
    })
    .add(routes.staffReservations.get, {
      summary: '予約の詳細',
      description: '予約1件を工程・会員・メニュー名・メモつきで返します。',
      examples: { params: { id: '1001' }, response: EXAMPLE_STAFF_RESERVATION },
      errors: ['RESERVATION_NOT_FOUND'],
      access: 'staff',
      audit: { action: 'view', resource: 'reservation', idParam: 'id', members: reservationMembers },
      responses: { 200: { description: '予約' } },
      handler: async (ctx, { params }) => {
        const reservation = await deps.reservations.findById(params.id);
        if (!reservation) throw HttpDomainError.of('RESERVATION_NOT_FOUND');
        ctx.body = (await withForms(deps, [reservation]))[0];
      },
    })
    .add(routes.staffReservations.update, {
      summary: '予約を変更（工程・メニュー・メモ）',
      description:
        '予約の工程（時間と担当・部屋・機械）、メニュー、メモを変更します。送った項目だけが変わります。割り当てがほかの予約と重なると 409 です。' +
        'メニューは登録と同じく、その院のものを1つ以上、重複なしで指定します。過去・営業時間外の工程は `allowOutsideHours: true` のときだけ変更できます（400 `OUTSIDE_OPENING_HOURS`）。',
      examples: {
        params: { id: '1001' },
        body: { memo: '照射の出力を1段階下げる' },
        response: { ...EXAMPLE_STAFF_RESERVATION, memo: '照射の出力を1段階下げる' },
      },
      errors: STAFF_UPDATE_ERRORS,
      access: 'staff',
      audit: { action: 'update', resource: 'reservation', members: reservationMembers },
      responses: { 200: { description: '変更後の予約' } },
      handler: async (ctx, { params, body }) => {
        const change = {
          ...(body.menuIds ? { menuIds: body.menuIds } : {}),
          ...(body.memo !== undefined ? { memo: body.memo } : {}),
          allowOutsideHours: body.allowOutsideHours === true,
          ...(body.tasks
            ? {
                tasks: body.tasks.map((task) => ({
                  startMs: task.startsAt,
                  endMs: task.endsAt,
                  staffId: task.staffId ?? null,
                  roomId: task.roomId ?? null,
                  machineId: task.machineId ?? null,
                })),
              }
            : {}),
        };
        ctx.body = toStaffReservationJson(unwrap(await deps.staffBooking.update(currentStaff(ctx).id, params.id, change)));
      },
    })
    .add(routes.staffReservations.move, {
      summary: '予約を移動（カレンダーのドラッグ）',
      examples: {
        params: { id: '1001' },
        body: { startsAt: '2026-12-01T14:00:00+09:00', target: { type: 'STAFF', id: '32' } },
        response: EXAMPLE_STAFF_RESERVATION,
      },
      errors: MOVE_ERRORS,
      description:
        '1工程・1スタッフ・1部屋・1機械の予約だけを、別の開始時刻へ、または同じ種類の別の行（スタッフ行ならスタッフ）へ移動します。それ以外は MOVE_NOT_ALLOWED です。',
      access: 'staff',
      audit: { action: 'update', resource: 'reservation', members: reservationMembers },
      responses: { 200: { description: '移動後の予約' } },
      handler: async (ctx, { params, body }) => {
        ctx.body = toStaffReservationJson(unwrap(await deps.manage.moveByStaff(currentStaff(ctx).id, params.id, body.startsAt, body.target ?? null)));
      },
    })
    .add(routes.staffReservations.remove, {
      summary: '予約を削除',
      examples: { params: { id: '1001' } },
      errors: ['RESERVATION_NOT_FOUND'],
      description: '誤って登録した予約を消します。来院しなかった予約は削除せず「無断キャンセル」にしてください。',
      access: 'staff',
      audit: { action: 'delete', resource: 'reservation' },
      responses: { 204: { description: '削除しました。' } },
      handler: async (ctx, { params }) => {
        unwrap(await deps.manage.deleteByStaff(currentStaff(ctx).id, params.id));
        ctx.status = 204;
      },
    })
    .add(routes.staffReservations.cancel, statusRoute(deps, 'CANCELLED', '予約をキャンセル（期限に関係なく）'))
    .add(routes.staffReservations.notVisited, statusRoute(deps, 'NOT_VISITED', '無断キャンセル（来院なし）にする'))
    .add(routes.staffReservations.visited, statusRoute(deps, 'VISITED', '来院済みにする'))
    .add(routes.staffReservations.reserved, statusRoute(deps, 'RESERVED', '予約中に戻す'));

const STATUS_DESCRIPTIONS = {
  CANCELLED: '予約をキャンセルにします。スタッフは会員向けのキャンセル期限に関係なくキャンセルできます。',
  NOT_VISITED: '連絡なく来院しなかった予約を「来院なし」にします。',
  VISITED: '予約を「来院済み」にします。',
  RESERVED: '来院済み・キャンセル・来院なしにした予約を「予約中」に戻します。戻す時間にほかの予約があると 409 です。',
} as const;

const statusRoute = (
  deps: ReservationsHttpDeps,
  to: 'CANCELLED' | 'NOT_VISITED' | 'VISITED' | 'RESERVED',
  summary: string,
): ServerRouteSpec<typeof routes.staffReservations.cancel> => ({
  summary,
  description: STATUS_DESCRIPTIONS[to],
  examples: {
    params: { id: '1001' },
    response: { ...EXAMPLE_STAFF_RESERVATION, status: to, cancelledAt: to === 'CANCELLED' ? '2026-11-25T09:00:00+09:00' : null },
  },
  errors: ['RESERVATION_NOT_FOUND', 'UPDATE_FAILED', 'RESERVATION_CHANGED', ...(to === 'RESERVED' ? (['RESERVATION_CONFLICT'] as const) : [])] as ErrorCode[],
  access: 'staff',
  audit: { action: 'update', resource: 'reservation', members: reservationMembers },
  responses: { 200: { description: '変更後の予約' } },
  handler: async (ctx, { params }) => {
    ctx.body = toStaffReservationJson(unwrap(await deps.manage.setStatusByStaff(currentStaff(ctx).id, params.id, to)));
  },
});
