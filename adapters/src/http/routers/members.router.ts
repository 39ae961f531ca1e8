import { routes } from '@clinic/contract';
import { type MemberWithDetailsJson } from '@clinic/contract';
import {
  clinicZone,
  type ClockPort,
  type ContractRepositoryPort,
  type ManageMembersUseCase,
  type Member,
  type MemberAccountUseCase,
  type MemberDirectoryPort,
  type MemberDetail,
  type MemberListing,
  type MemberQueriesUseCase,
} from '@clinic/core';
import { formatInstant } from './instant';
import { HttpDomainError, unwrap } from '../errors/http-error';
import { currentMember, currentStaff, type AccountLookups, type ApiContext } from '../middleware/auth';
import { requestLanguage } from '../language';
import { clientAddress } from '../middleware/request-context';
import { SESSION_COOKIE } from '../middleware/session';
import { ApiRouter } from '../routing/api-router';
import { toContractJson, toDetailedProfile, toMemberJson, toOwnEkimu } from './members.schemas';
import { toStaffReservationJson } from './reservations.schemas';
import { isoInstant } from './staff-management.schemas';
import { EXAMPLE_CONTRACT, EXAMPLE_MAIL_ACCEPTED, EXAMPLE_MEMBER, EXAMPLE_MEMBER_DETAILS, EXAMPLE_MEMBER_PROFILE } from './examples';

export interface MembersHttp {
  readonly manage: ManageMembersUseCase;
  readonly account: MemberAccountUseCase;
  readonly directory: MemberDirectoryPort;
  readonly contracts: ContractRepositoryPort;
  /** The staff's reads: the search's rules and the member detail read model. */
  readonly queries: MemberQueriesUseCase;
  readonly clock: ClockPort;
}

const listed = async (deps: MembersHttp, member: Member | string): Promise<MemberListing> => {
  const [listing] = await deps.directory.byIds([typeof member === 'string' ? member : member.id]);
  if (!listing) throw HttpDomainError.of('USER_NOT_FOUND');
  return listing;
};

/** The member detail read model (`MemberQueriesUseCase.detail`) as the answer's JSON. */
const toDetailsJson = (detail: MemberDetail): MemberWithDetailsJson => ({
  member: toMemberJson(detail.listing),
  reservations: detail.reservations.map(toStaffReservationJson),
  contracts: detail.contracts.map((contract) => toContractJson(contract)),
  checkItems: detail.checkItems.map((item) => ({ ...item })),
  tags: [...detail.tags],
  noShowCount: detail.noShowCount,
  bookingRestriction: {
    restricted: detail.bookingRestriction.restricted,
    reason: detail.bookingRestriction.reason,
    since: detail.bookingRestriction.sinceMs === null ? null : formatInstant(detail.bookingRestriction.sinceMs),
    by: detail.bookingRestriction.by,
  },
});

const staffActor = (ctx: ApiContext) => ({ type: 'staff' as const, id: currentStaff(ctx).id });

const pageOf = (result: { items: readonly MemberListing[]; total: number }, page: number, pageSize: number) => ({
  items: result.items.map(toMemberJson),
  total: result.total,
  page,
  pageSize,
});

const staffId = (ctx: ApiContext) => currentStaff(ctx).id;

/** Member management for staff of any clinic (`/staff/users/`). */
export const staffMembersRouter = (deps: MembersHttp, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/staffs', '会員管理', accounts)
    .add(routes.staffMembers.list, {
      summary: '会員一覧',
      examples: { query: { page: 1, pageSize: 20, clinicId: '1', status: 'FULL' }, response: { items: [EXAMPLE_MEMBER], total: 1, page: 1, pageSize: 20 } },
      description: '新しい順（ID降順）。clinicId・statusで絞り込めます。',
      access: 'staff',
      audit: { action: 'list', resource: 'member', members: (ctx) => (ctx.body as { items: { id: string }[] }).items.map((m) => m.id) },
      responses: { 200: { description: '会員のページ' } },
      handler: async (ctx, { query }) => {
        const result = await deps.directory.search({ clinicId: query.clinicId, status: query.status }, query.page, query.pageSize);
        ctx.body = pageOf(result, query.page, query.pageSize);
      },
    })
    .add(routes.staffMembers.search, {
      summary: '会員の詳細検索',
      examples: { query: { kana: 'ヤマダ', tagId: '81', lastVisitFrom: '2026-01-01' }, response: { items: [EXAMPLE_MEMBER], total: 1, page: 1, pageSize: 20 } },
      description: 'keywordは名前・カナ・診察券番号・電話番号・メールアドレスの部分一致。条件はすべてAND。lastVisitFrom/Toは最終来院日（両端を含む）。',
      access: 'staff',
      audit: { action: 'search', resource: 'member', members: (ctx) => (ctx.body as { items: { id: string }[] }).items.map((m) => m.id) },
      responses: { 200: { description: '会員のページ' } },
      handler: async (ctx, { query }) => {
        const { page, pageSize, ...filter } = query;
        ctx.body = pageOf(unwrap(await deps.queries.search(filter, page, pageSize)), page, pageSize);
      },
    })
    .add(routes.staffMembers.byIds, {
      summary: 'IDを指定して会員を取得',
      examples: { body: { ids: ['101'] }, response: [EXAMPLE_MEMBER] },
      description: '指定した順に返します。存在しないIDは省きます（最大100件）。',
      access: 'staff',
      audit: { action: 'view', resource: 'member', members: (ctx) => (ctx.body as { id: string }[]).map((m) => m.id) },
      responses: { 200: { description: '会員' } },
      handler: async (ctx, { body }) => {
        ctx.body = (await deps.directory.byIds(body.ids)).map(toMemberJson);
      },
    })
    .add(routes.staffMembers.byIdsWithDetails, {
      summary: 'IDを指定して会員を詳細付きで取得',
      examples: { body: { ids: ['101'] }, response: [EXAMPLE_MEMBER_DETAILS] },
      description: '予約・契約・チェック項目・タグ付き。存在しないIDは省きます（最大20件）。',
      access: 'staff',
      audit: { action: 'view', resource: 'member', members: (ctx) => (ctx.body as { member: { id: string } }[]).map((m) => m.member.id) },
      responses: { 200: { description: '会員と詳細' } },
      handler: async (ctx, { body }) => {
        ctx.body = (await deps.queries.details(staffActor(ctx), body.ids)).map(toDetailsJson);
      },
    })
    .add(routes.staffMembers.create, {
      summary: '会員を登録',
      examples: {
        body: {
          clinicId: '1',
          name: '山田 花子',
          kana: 'ヤマダ ハナコ',
          phone: '090-1234-5678',
          email: 'hanako@example.jp',
          birthday: '1990-04-01',
          gender: 'FEMALE',
          status: 'FULL',
        },
        response: { ...EXAMPLE_MEMBER, hasPassword: false, tagIds: [], lastVisitAt: null },
      },
      errors: ['CLINIC_NOT_FOUND', 'ACCOUNT_EXISTS', 'EMAIL_DUPLICATE', 'INTRODUCER_NOT_FOUND'],
      description: '本会員（FULL）で診察券番号を省くと次の空き番号を付けます。紹介者のいる会員が本会員になると紹介者の特典数が1増えます。',
      access: 'staff',
      audit: { action: 'create', resource: 'member', members: (ctx) => [(ctx.body as { id: string }).id] },
      responses: {
        201: { description: '登録した会員' },
        400: { description: 'INTRODUCER_NOT_FOUND / CLINIC_NOT_FOUND / VALIDATION_FAILED' },
        409: { description: 'EMAIL_DUPLICATE / ACCOUNT_EXISTS' },
      },
      handler: async (ctx, { body }) => {
        const result = await deps.manage.create(staffId(ctx), body);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.status = 201;
        ctx.body = toMemberJson(await listed(deps, result.value));
      },
    })
    .add(routes.staffMembers.get, {
      summary: '会員',
      description: '会員1件を返します。',
      examples: { params: { id: '101' }, response: EXAMPLE_MEMBER },
      errors: ['USER_NOT_FOUND'],
      access: 'staff',
      audit: { action: 'view', resource: 'member', idParam: 'id' },
      responses: { 200: { description: '会員' }, 404: { description: 'USER_NOT_FOUND' } },
      handler: async (ctx, { params }) => {
        ctx.body = toMemberJson(await listed(deps, params.id));
      },
    })
    .add(routes.staffMembers.update, {
      summary: '会員を編集・本会員登録',
      examples: {
        params: { id: '101' },
        body: { phone: '080-9876-5432', status: 'FULL', userNumber: '100001' },
        response: { ...EXAMPLE_MEMBER, phone: '080-9876-5432' },
      },
      errors: ['USER_NOT_FOUND', 'CLINIC_NOT_FOUND', 'ALREADY_MEMBER', 'ACCOUNT_EXISTS', 'EMAIL_DUPLICATE'],
      description: '省いた項目はそのまま。status=FULLで仮会員を本会員にします（本会員ならALREADY_MEMBER）。',
      access: 'staff',
      audit: { action: 'update', resource: 'member', idParam: 'id' },
      responses: {
        200: { description: '更新後の会員' },
        404: { description: 'USER_NOT_FOUND' },
        409: { description: 'ALREADY_MEMBER / ACCOUNT_EXISTS / EMAIL_DUPLICATE' },
      },
      handler: async (ctx, { params, body }) => {
        const result = await deps.manage.update(staffId(ctx), params.id, body);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.body = toMemberJson(await listed(deps, result.value));
      },
    })
    .add(routes.staffMembers.registrationToken, {
      summary: '会員登録用トークンを発行',
      examples: {
        params: { id: '101' },
        response: {
          token: 'cmVnaXN0cmF0aW9uLXRva2Vu',
          expiresAt: '2026-11-25T09:00:00+09:00',
          url: 'https://clinic.example.jp/guest/register/?token=cmVnaXN0cmF0aW9uLXRva2Vu',
        },
      },
      errors: ['USER_NOT_FOUND', 'NOT_FULLY_REGISTERED'],
      description: '本会員だけ。24時間・1回のみ有効（QRコードで渡します）。以前の未使用トークンは無効になります。',
      access: 'staff',
      audit: { action: 'create', resource: 'registration_token', memberParam: 'id' },
      responses: {
        200: { description: 'トークンとURL' },
        403: { description: 'NOT_FULLY_REGISTERED' },
        404: { description: 'USER_NOT_FOUND' },
      },
      handler: async (ctx, { params }) => {
        const issued = unwrap(await deps.account.issueRegistration(staffId(ctx), params.id));
        ctx.set('Cache-Control', 'no-store');
        ctx.body = { token: issued.token, expiresAt: isoInstant(issued.expiresAt), url: issued.url };
      },
    })
    .add(routes.staffMembers.resetGift, {
      summary: '紹介特典数を0にする',
      description: '紹介特典の付与数を0に戻します（特典を渡したとき）。',
      examples: { params: { id: '101' }, response: EXAMPLE_MEMBER },
      errors: ['USER_NOT_FOUND'],
      access: 'staff',
      audit: { action: 'update', resource: 'member', idParam: 'id' },
      responses: { 200: { description: '更新後の会員' }, 404: { description: 'USER_NOT_FOUND' } },
      handler: async (ctx, { params }) => {
        ctx.body = toMemberJson(await listed(deps, unwrap(await deps.manage.resetGift(staffId(ctx), params.id))));
      },
    })
    .add(routes.staffMembers.unlinkLine, {
      summary: 'LINE連携を解除',
      description: '会員とLINEアカウントの連携を解除します。会員は次回からIDとパスワードでログインします。',
      examples: { params: { id: '101' }, response: EXAMPLE_MEMBER },
      errors: ['USER_NOT_FOUND'],
      access: 'staff',
      audit: { action: 'update', resource: 'member', idParam: 'id' },
      responses: { 200: { description: '更新後の会員' }, 404: { description: 'USER_NOT_FOUND' } },
      handler: async (ctx, { params }) => {
        ctx.body = toMemberJson(await listed(deps, unwrap(await deps.manage.unlinkLine(staffId(ctx), params.id))));
      },
    })
    .add(routes.staffMembers.setTags, {
      summary: '会員のタグを設定',
      examples: { params: { id: '101' }, body: { tagIds: ['81'] }, response: EXAMPLE_MEMBER },
      errors: ['USER_NOT_FOUND', 'TAG_NOT_FOUND'],
      description: 'タグを置き換えます。',
      access: 'staff',
      audit: { action: 'update', resource: 'member', idParam: 'id' },
      responses: { 200: { description: '更新後の会員' }, 400: { description: 'TAG_NOT_FOUND' }, 404: { description: 'USER_NOT_FOUND' } },
      handler: async (ctx, { params, body }) => {
        const result = await deps.manage.setTags(staffId(ctx), params.id, body.tagIds);
        // An unknown tag in the body is the caller's input: 400 with the field.
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.body = toMemberJson(await listed(deps, result.value));
      },
    })
    .add(routes.staffMembers.details, {
      summary: '会員と予約・契約・チェック項目・タグ',
      description: '会員1件を、予約・役務契約・チェック項目・タグとまとめて返します（会員詳細画面用）。',
      examples: { params: { id: '101' }, response: EXAMPLE_MEMBER_DETAILS },
      errors: ['USER_NOT_FOUND'],
      access: 'staff',
      audit: { action: 'view', resource: 'member', idParam: 'id' },
      responses: { 200: { description: '会員と詳細' }, 404: { description: 'USER_NOT_FOUND' } },
      handler: async (ctx, { params }) => {
        ctx.body = toDetailsJson(unwrap(await deps.queries.detail(staffActor(ctx), params.id)));
      },
    })
    .add(routes.staffMembers.contracts, {
      summary: '会員の役務契約',
      description: '会員の役務契約（回数券）を、残り回数つきで返します。',
      examples: { params: { id: '101' }, response: [EXAMPLE_CONTRACT] },
      errors: ['USER_NOT_FOUND'],
      access: 'staff',
      audit: { action: 'view', resource: 'contract', memberParam: 'id' },
      responses: { 200: { description: '契約（新しい順）' }, 404: { description: 'USER_NOT_FOUND' } },
      handler: async (ctx, { params }) => {
        await listed(deps, params.id);
        ctx.body = (await deps.contracts.listForMember(params.id)).map((contract) => toContractJson(contract));
      },
    })
    .add(routes.staffMembers.addContract, {
      summary: '役務契約を追加',
      examples: {
        params: { id: '101' },
        body: { menuId: '41', sessionsTotal: 5, expiresOn: '2027-11-30' },
        response: { ...EXAMPLE_CONTRACT, sessionsUsed: 0, sessionsRemaining: 5 },
      },
      errors: ['USER_NOT_FOUND', 'MENU_NOT_FOUND'],
      description: '役務（CONTRACT）メニューの回数券。来院済みにすると1回消化します。',
      access: 'staff',
      audit: { action: 'create', resource: 'contract', memberParam: 'id' },
      responses: {
        201: { description: '追加した契約' },
        400: { description: 'MENU_NOT_FOUND / VALIDATION_FAILED' },
        404: { description: 'USER_NOT_FOUND' },
      },
      handler: async (ctx, { params, body }) => {
        const result = await deps.manage.addContract(staffId(ctx), params.id, {
          menuId: body.menuId,
          sessionsTotal: body.sessionsTotal,
          expiresOn: body.expiresOn ?? null,
        });
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.status = 201;
        ctx.body = toContractJson(result.value);
      },
    });

const requestFacts = (ctx: ApiContext) => ({ requestId: ctx.state.requestId, ip: clientAddress(ctx) });
/** The same answer whether or not the address is known, so that the form reveals no accounts. */
const RESET_ACCEPTED =
  'ご登録のメールアドレスの場合は、パスワード再設定のご案内をお送りしました。メールが届かない場合は、ご利用のクリニックにお問い合わせください。';

/** Public: a member sets a password with the registration token or a reset mail. */
export const memberGuestsRouter = (deps: MembersHttp, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/guests', '会員のパスワード', accounts)
    .add(routes.memberPassword.tokenOwner, {
      summary: '会員登録トークンの確認',
      examples: { query: { token: 'cmVnaXN0cmF0aW9uLXRva2Vu' }, response: { name: '山田 花子', userNumber: '100001', expiresAt: '2026-11-25T09:00:00+09:00' } },
      errors: ['INVALID_TOKEN', 'TOKEN_EXPIRED'],
      description: 'トークンを使わずに、誰のトークンかを返します。',
      access: 'public',
      responses: {
        200: { description: '会員' },
        400: { description: 'INVALID_TOKEN / TOKEN_EXPIRED' },
      },
      handler: async (ctx, { query }) => {
        const { member, expiresAt } = unwrap(await deps.account.peekRegistration(query.token));
        ctx.set('Cache-Control', 'no-store');
        ctx.body = { name: member.name, userNumber: member.userNumber, expiresAt: isoInstant(expiresAt) };
      },
    })
    .add(routes.memberPassword.register, {
      summary: '会員のパスワードを登録',
      examples: { body: { token: 'cmVnaXN0cmF0aW9uLXRva2Vu', password: 'hanako-password-1' }, response: { id: '101', userNumber: '100001' } },
      errors: ['INVALID_TOKEN', 'TOKEN_EXPIRED'],
      description: '会員登録トークン（24時間・1回のみ有効）でパスワード（10〜128文字）を設定します。',
      access: 'public',
      responses: { 200: { description: '設定しました' }, 400: { description: 'INVALID_TOKEN / TOKEN_EXPIRED / VALIDATION_FAILED' } },
      handler: async (ctx, { body }) => {
        const member = unwrap(await deps.account.setPassword('REGISTER', body.token, body.password, requestFacts(ctx)));
        ctx.body = { id: member.id, userNumber: member.userNumber };
      },
    })
    .add(routes.memberPassword.requestReset, {
      summary: '会員のパスワード再設定メールを依頼',
      examples: { body: { email: 'hanako@example.jp' }, response: EXAMPLE_MAIL_ACCEPTED },
      errors: ['RATE_LIMITED'],
      description: '本会員のメールアドレスにだけ30分間有効な再設定メールを送ります。登録の有無にかかわらず同じ202を返します。',
      access: 'public',
      responses: { 202: { description: '受け付けました（登録の有無は答えません）' } },
      handler: async (ctx, { body }) => {
        unwrap(await deps.account.requestReset(body.email, requestFacts(ctx)));
        ctx.status = 202;
        ctx.body = { message: RESET_ACCEPTED };
      },
    })
    .add(routes.memberPassword.reset, {
      summary: '会員のパスワードを再設定',
      examples: { body: { token: 'cmVzZXQtdG9rZW4tc2FtcGxl', password: 'hanako-password-2' }, response: { id: '101', userNumber: '100001' } },
      errors: ['INVALID_TOKEN', 'TOKEN_EXPIRED'],
      description: '再設定メールのトークン（30分・1回のみ有効）で新しいパスワードを設定します。',
      access: 'public',
      responses: { 200: { description: '設定しました' }, 400: { description: 'INVALID_TOKEN / TOKEN_EXPIRED / VALIDATION_FAILED' } },
      handler: async (ctx, { body }) => {
        const member = unwrap(await deps.account.setPassword('RESET', body.token, body.password, requestFacts(ctx)));
        ctx.body = { id: member.id, userNumber: member.userNumber };
      },
    });

const todayOf = (clock: ClockPort): string => clock.now().setZone(clinicZone).toISODate()!;

/** The logged-in member's own data: nothing here takes a member id. */
export const memberSelfRouter = (deps: MembersHttp, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/users', '会員', accounts)
    .add(routes.memberProfile.get, {
      summary: 'ログイン中の会員の詳細',
      description: 'ログインしている会員の登録内容（連絡先・生年月日・所属クリニック・LINE連携・紹介特典数）を返します。',
      examples: { response: EXAMPLE_MEMBER_PROFILE },
      access: 'member',
      responses: { 200: { description: '会員の詳細' } },
      handler: async (ctx) => {
        const member = currentMember(ctx);
        ctx.body = toDetailedProfile(member, await deps.directory.clinicOf(member.clinicId));
      },
    })
    .add(routes.memberProfile.update, {
      summary: '会員情報・パスワードを変更',
      examples: {
        body: { phone: '080-9876-5432', currentPassword: 'hanako-password-1', newPassword: 'hanako-password-2' },
        response: { ...EXAMPLE_MEMBER_PROFILE, phone: '080-9876-5432' },
      },
      errors: ['INVALID_CREDENTIALS', 'EMAIL_DUPLICATE', 'RATE_LIMITED'],
      description:
        '省いた項目はそのまま。newPasswordと、今と違うemailにはcurrentPasswordが必要です（ないと、または違うと 400 `VALIDATION_FAILED`、15分に5回違うと 429）。パスワードを変えると、この会員のほかのセッションはすべて終わります（このセッションは続きます）。',
      access: 'member',
      responses: {
        200: { description: '更新後の会員の詳細' },
        400: { description: 'VALIDATION_FAILED' },
        409: { description: 'EMAIL_DUPLICATE' },
      },
      handler: async (ctx, { body }) => {
        const updated = unwrap(await deps.manage.updateOwn(currentMember(ctx), body, { keepSessionId: ctx.cookies.get(SESSION_COOKIE) ?? null }));
        ctx.body = toDetailedProfile(updated, await deps.directory.clinicOf(updated.clinicId));
      },
    })
    .add(routes.memberProfile.ownEkimu, {
      summary: '残り回数のある役務契約',
      description: '残り回数のある自分の役務契約を、メニューつきで返します（予約画面で契約メニューを選ぶため）。',
      examples: {
        response: [
          {
            id: '201',
            menu: { id: '41', name: '全身脱毛（顔・VIOなし）', clinicId: '1', categoryId: '21' },
            total: 5,
            used: 2,
            remaining: 3,
            expiresOn: '2027-11-30',
          },
        ],
      },
      access: 'member',
      responses: { 200: { description: '契約（期限の早い順）' } },
      handler: async (ctx) => {
        ctx.body = toOwnEkimu(await deps.contracts.listForMember(currentMember(ctx).id), todayOf(deps.clock), requestLanguage(ctx));
      },
    })
    .add(routes.memberProfile.contracts, {
      summary: '役務契約の一覧',
      description: '自分の役務契約（回数券）をすべて返します。',
      examples: { response: [EXAMPLE_CONTRACT] },
      access: 'member',
      responses: { 200: { description: '契約（新しい順）' } },
      handler: async (ctx) => {
        ctx.body = (await deps.contracts.listForMember(currentMember(ctx).id)).map((contract) => toContractJson(contract, requestLanguage(ctx)));
      },
    });
