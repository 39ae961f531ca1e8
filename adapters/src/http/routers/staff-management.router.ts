import { routes } from '@clinic/contract';
import type {
  DeleteStaffUseCase,
  InviteStaffUseCase,
  MailOutboxPort,
  ReorderStaffUseCase,
  SaveStaffUseCase,
  SetStaffMenusUseCase,
  Staff,
  StaffPasswordUseCase,
  StaffRepositoryPort,
} from '@clinic/core';
import type { Middleware } from 'koa';
import { HttpDomainError, unwrap } from '../errors/http-error';
import { currentStaff, type AccountLookups, type ApiContext } from '../middleware/auth';
import { clientAddress } from '../middleware/request-context';
import { ApiRouter, type RegisteredRoute } from '../routing/api-router';
import { isoInstant, toOutboxMailJson, toStaffJson } from './staff-management.schemas';
import { EXAMPLE_MAIL_ACCEPTED, EXAMPLE_STAFF } from './examples';

export interface StaffManagementHttp {
  readonly staffs: StaffRepositoryPort;
  readonly saveStaff: SaveStaffUseCase;
  readonly deleteStaff: DeleteStaffUseCase;
  readonly reorderStaff: ReorderStaffUseCase;
  readonly setStaffMenus: SetStaffMenusUseCase;
  readonly inviteStaff: InviteStaffUseCase;
  readonly staffPassword: StaffPasswordUseCase;
  readonly outbox: MailOutboxPort;
}

const withMenus = async (staffs: StaffRepositoryPort, list: readonly Staff[]) => {
  const menus = await staffs.menuIds(list.map((staff) => staff.id));
  return list.map((staff) => toStaffJson(staff, menus.get(staff.id) ?? []));
};

const oneWithMenus = async (staffs: StaffRepositoryPort, staff: Staff) => (await withMenus(staffs, [staff]))[0]!;

const findStaff = async (staffs: StaffRepositoryPort, id: string): Promise<Staff> => {
  const staff = await staffs.findById(id);
  if (!staff) throw HttpDomainError.of('STAFF_NOT_FOUND');
  return staff;
};

/** Staff accounts for the staff list screens (`/staff/staffs/`): read any clinic, write per DOMAIN.md. */
export const adminStaffsRouter = (deps: StaffManagementHttp, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/admin', 'スタッフ管理', accounts)
    .add(routes.adminStaffs.list, {
      summary: 'スタッフ一覧（表示順）',
      examples: { query: { clinicId: '1' }, response: [EXAMPLE_STAFF] },
      description: '削除済みのスタッフは含みません。clinicIdを指定するとその院のスタッフだけを返します。',
      access: 'staff',
      responses: { 200: { description: '表示順（priority）、ID順のスタッフ' } },
      handler: async (ctx, { query }) => {
        ctx.body = await withMenus(deps.staffs, await deps.staffs.list(query.clinicId ? { clinicId: query.clinicId } : {}));
      },
    })
    .add(routes.adminStaffs.get, {
      summary: 'スタッフの詳細',
      description: 'スタッフ1件を、担当メニューとパスワード設定の有無つきで返します。',
      examples: { params: { id: '31' }, response: EXAMPLE_STAFF },
      errors: ['STAFF_NOT_FOUND'],
      access: 'staff',
      responses: { 200: { description: 'スタッフ' }, 404: { description: 'STAFF_NOT_FOUND' } },
      handler: async (ctx, { params }) => {
        ctx.body = await oneWithMenus(deps.staffs, await findStaff(deps.staffs, params.id));
      },
    })
    .add(routes.adminStaffs.create, {
      summary: 'スタッフを追加',
      examples: {
        body: { employeeNumber: 'S1003', email: 'suzuki@example.jp', name: '鈴木 愛', role: 'STAFF', clinicId: '1' },
        response: {
          ...EXAMPLE_STAFF,
          id: '32',
          employeeNumber: 'S1003',
          email: 'suzuki@example.jp',
          name: '鈴木 愛',
          menuIds: [],
          hasPassword: false,
          invitationUrl: 'https://clinic.example.jp/staff/password/?token=Qm9vay1hLXRva2Vu',
          invitationExpiresAt: '2026-11-27T09:00:00+09:00',
        },
      },
      errors: ['STAFF_EXISTS', 'CLINIC_NOT_FOUND'],
      description:
        'ADMIN権限の付与と他院へのスタッフ追加はADMINのみ（STAFFは自院のみ）。パスワードを省くと、72時間有効な招待メールを送り、その招待URLも返します。',
      access: 'staff',
      responses: {
        201: { description: '追加したスタッフ（invitationUrlは招待したときのみ）' },
        403: { description: 'FORBIDDEN' },
        409: { description: 'STAFF_EXISTS' },
      },
      handler: async (ctx, { body }) => {
        const created = unwrap(await deps.saveStaff.create(currentStaff(ctx), { ...body, password: body.password ?? null }));
        ctx.status = 201;
        ctx.body = {
          ...(await oneWithMenus(deps.staffs, created.staff)),
          invitationUrl: created.invitation?.url ?? null,
          invitationExpiresAt: created.invitation ? isoInstant(created.invitation.expiresAt) : null,
        };
      },
    })
    .add(routes.adminStaffs.update, {
      summary: 'スタッフの情報を更新',
      examples: {
        params: { id: '31' },
        body: { employeeNumber: 'S1002', email: 'sato@example.jp', name: '佐藤 美咲', role: 'ADMIN', clinicId: '1' },
        response: { ...EXAMPLE_STAFF, role: 'ADMIN' },
      },
      errors: ['STAFF_NOT_FOUND', 'STAFF_EXISTS', 'CLINIC_NOT_FOUND'],
      description: '所属院を変えると、担当メニューは外れます。ADMINのスタッフの変更とADMIN権限の付与はADMINのみです。',
      access: 'staff',
      responses: { 200: { description: '更新後のスタッフ' }, 404: { description: 'STAFF_NOT_FOUND' }, 409: { description: 'STAFF_EXISTS' } },
      handler: async (ctx, { params, body }) => {
        const staff = unwrap(await deps.saveStaff.update(currentStaff(ctx), params.id, body));
        ctx.body = await oneWithMenus(deps.staffs, staff);
      },
    })
    .add(routes.adminStaffs.remove, {
      summary: 'スタッフを削除',
      examples: { params: { id: '31' } },
      errors: ['STAFF_NOT_FOUND', 'IN_USE'],
      description: '論理削除です。これから先の有効な予約（予約済み・来院済み）を担当している間は削除できません（IN_USE）。',
      access: 'staff',
      responses: { 204: { description: '削除しました' }, 404: { description: 'STAFF_NOT_FOUND' }, 409: { description: 'IN_USE' } },
      handler: async (ctx, { params }) => {
        unwrap(await deps.deleteStaff.execute(currentStaff(ctx), params.id));
        ctx.status = 204;
      },
    })
    .add(routes.adminStaffs.setPriority, {
      summary: 'スタッフの表示順を変更',
      examples: { params: { id: '31' }, body: { priority: 1 }, response: [{ ...EXAMPLE_STAFF, priority: 1 }] },
      errors: ['STAFF_NOT_FOUND'],
      description: '指定した位置（0始まり）へ移し、同じ院のスタッフを0から振り直します。',
      access: 'staff',
      responses: { 200: { description: '振り直した後の同じ院のスタッフ' } },
      handler: async (ctx, { params, body }) => {
        ctx.body = await withMenus(deps.staffs, unwrap(await deps.reorderStaff.execute(currentStaff(ctx), params.id, body.priority)));
      },
    })
    .add(routes.adminStaffs.invite, {
      summary: '招待メールを再送',
      examples: {
        params: { id: '32' },
        response: { invitationUrl: 'https://clinic.example.jp/staff/password/?token=Qm9vay1hLXRva2Vu', expiresAt: '2026-11-27T09:00:00+09:00' },
      },
      errors: ['STAFF_NOT_FOUND'],
      description: '新しい招待URL（72時間・1回のみ有効）を発行してメールで送ります。以前の招待URLは使えなくなります。',
      access: 'staff',
      responses: { 201: { description: '招待URLと有効期限' } },
      handler: async (ctx, { params }) => {
        const link = unwrap(await deps.inviteStaff.execute(currentStaff(ctx), params.id));
        ctx.status = 201;
        ctx.body = { invitationUrl: link.url, expiresAt: isoInstant(link.expiresAt) };
      },
    })
    .add(routes.adminStaffs.mailOutbox, {
      summary: '開発用メールボックス',
      examples: {
        query: { limit: 20 },
        response: [
          {
            id: '1',
            to: 'suzuki@example.jp',
            subject: '【クリニック予約システム】パスワード設定のご案内',
            text: '以下のURLからパスワードを設定してください。',
            createdAt: '2026-11-24T09:00:00+09:00',
          },
        ],
      },
      description: 'SMTP_URLが未設定のとき、送信したメールはここに溜まります（新しい順）。',
      access: 'headOffice',
      // The mails hold members' and guests' names, visits and links: every read is in the access audit.
      audit: { action: 'list', resource: 'mail_outbox' },
      responses: { 200: { description: '送信したメール（新しい順）' } },
      handler: async (ctx, { query }) => {
        ctx.body = (await deps.outbox.list(query.limit ?? 50)).map(toOutboxMailJson);
      },
    });

/**
 * `/api/staffs`, `/api/staffs/{id}` and `/api/staffs/{id}/menus` share their prefix with every
 * other `/api/staffs/...` route (`/api/staffs/schedules`, `/api/staffs/tags`, …). Router paths
 * cannot require digits, so this router only looks at paths whose id is a number and lets
 * everything else through to the routers after it.
 */
class StaffDirectoryRouter extends ApiRouter {
  private static readonly OWN_PATH = /^\/api\/staffs(\/\d{1,18}(\/menus)?)?\/?$/;

  override middleware(): Middleware {
    return StaffDirectoryRouter.only(super.middleware());
  }

  override allowedMethods(): Middleware {
    return StaffDirectoryRouter.only(super.allowedMethods());
  }

  override routeFor(method: string, path: string): RegisteredRoute | undefined {
    return StaffDirectoryRouter.OWN_PATH.test(path) ? super.routeFor(method, path) : undefined;
  }

  private static only(inner: Middleware): Middleware {
    return (ctx, next) => (StaffDirectoryRouter.OWN_PATH.test(ctx.path) ? inner(ctx, next) : next());
  }
}

/** The staff directory for the calendar and the staff screens, and who performs which menus. */
export const staffDirectoryRouter = (deps: StaffManagementHttp, accounts: AccountLookups): ApiRouter =>
  new StaffDirectoryRouter('/api/staffs', 'スタッフ', accounts)
    .add(routes.staffDirectory.list, {
      summary: 'スタッフ一覧（表示順）',
      description: 'スタッフの一覧を表示順に返します。`clinicId` を付けるとそのクリニックのスタッフだけです。',
      examples: { query: { clinicId: '1' }, response: [EXAMPLE_STAFF] },
      access: 'staff',
      responses: { 200: { description: '表示順（priority）、ID順のスタッフ' } },
      handler: async (ctx, { query }) => {
        ctx.body = await withMenus(deps.staffs, await deps.staffs.list(query.clinicId ? { clinicId: query.clinicId } : {}));
      },
    })
    .add(routes.staffDirectory.get, {
      summary: 'スタッフの詳細',
      description: 'スタッフ1件を担当メニューつきで返します。',
      examples: { params: { id: '31' }, response: EXAMPLE_STAFF },
      errors: ['STAFF_NOT_FOUND'],
      access: 'staff',
      responses: { 200: { description: 'スタッフ' }, 404: { description: 'STAFF_NOT_FOUND' } },
      handler: async (ctx, { params }) => {
        ctx.body = await oneWithMenus(deps.staffs, await findStaff(deps.staffs, params.id));
      },
    })
    .add(routes.staffDirectory.setMenus, {
      summary: '担当メニューを設定',
      examples: { params: { id: '31' }, body: { menuIds: ['41', '42'] }, response: { ...EXAMPLE_STAFF, menuIds: ['41', '42'] } },
      errors: ['STAFF_NOT_FOUND', 'MENU_NOT_FOUND'],
      description: 'そのスタッフの所属院のメニューだけを指定できます（他院のメニューや存在しないメニューはMENU_NOT_FOUND）。',
      access: 'staff',
      responses: { 200: { description: '担当メニューを設定したスタッフ' }, 404: { description: 'MENU_NOT_FOUND / STAFF_NOT_FOUND' } },
      handler: async (ctx, { params, body }) => {
        const staff = unwrap(await deps.setStaffMenus.execute(currentStaff(ctx), params.id, body.menuIds));
        ctx.body = await oneWithMenus(deps.staffs, staff);
      },
    });

/** The same answer whether or not the address is known, so that the form reveals no accounts. */
const RESET_ACCEPTED = 'ご登録のメールアドレスの場合は、パスワード再設定のご案内をお送りしました。メールが届かない場合は、管理者にお問い合わせください。';

const requestFacts = (ctx: ApiContext) => ({ requestId: ctx.state.requestId, ip: clientAddress(ctx) });

/** Public: a staff member sets a password with an invitation or reset token, or asks for a reset. */
export const staffPasswordRouter = (deps: StaffManagementHttp, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/guests', 'スタッフのパスワード', accounts)
    .add(routes.staffPassword.set, {
      summary: 'スタッフのパスワードを設定',
      examples: { body: { token: 'Qm9vay1hLXRva2Vu', password: 'new-password-2026' }, response: { id: '32', employeeNumber: 'S1003' } },
      errors: ['INVALID_TOKEN', 'TOKEN_EXPIRED'],
      description: '招待メールまたは再設定メールのトークン（1回のみ有効）でパスワード（10〜128文字）を設定します。',
      access: 'public',
      responses: {
        200: { description: '設定しました。ログインIDを返します' },
        400: { description: 'INVALID_TOKEN / TOKEN_EXPIRED / VALIDATION_FAILED' },
      },
      handler: async (ctx, { body }) => {
        const { staffId } = unwrap(await deps.staffPassword.setPassword(body.token, body.password, requestFacts(ctx)));
        const staff = await findStaff(deps.staffs, staffId);
        ctx.body = { id: staff.id, employeeNumber: staff.employeeNumber };
      },
    })
    .add(routes.staffPassword.requestReset, {
      summary: 'スタッフのパスワード再設定メールを依頼',
      examples: { body: { email: 'sato@example.jp' }, response: EXAMPLE_MAIL_ACCEPTED },
      errors: ['RATE_LIMITED'],
      description: '登録されたメールアドレスにだけ30分間有効な再設定メールを送ります。登録の有無にかかわらず同じ202を返します。',
      access: 'public',
      responses: { 202: { description: '受け付けました（登録の有無は答えません）' } },
      handler: async (ctx, { body }) => {
        unwrap(await deps.staffPassword.requestReset(body.email, requestFacts(ctx)));
        ctx.status = 202;
        ctx.body = { message: RESET_ACCEPTED };
      },
    });
