import { routes } from '@clinic/contract';
import { SalonSystemError, type ContractRepositoryPort, type SalonIntegrationUseCase } from '@clinic/core';
import { HttpDomainError, unwrap } from '../errors/http-error';
import { currentMember, currentStaff, type AccountLookups, type ApiContext } from '../middleware/auth';
import { ApiRouter } from '../routing/api-router';
import { fromLedgerContract, fromSalonContract, toSyncJson } from './salons.schemas';

export interface SalonsHttp {
  /** null: no salon system configured (SALON_API_URL unset). */
  readonly salon: SalonIntegrationUseCase | null;
  /** The built-in ledger, answered by salons-ekimu when no salon system is configured. */
  readonly ledger: Pick<ContractRepositoryPort, 'listForMember'>;
}

const UNAVAILABLE = { description: 'SERVICE_UNAVAILABLE（販売管理システムが未設定・応答なし・不正な応答）' };

/**
 * Runs a call to the salon system; its failures (timeout, circuit open, bad answer) become 503
 * SERVICE_UNAVAILABLE with the reason in `detail`, and are logged with what went wrong.
 */
const reaching = async <T>(ctx: ApiContext, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof SalonSystemError)) throw error;
    ctx.state.log?.warn({ err: error, reason: error.reason }, 'salon system unavailable');
    throw HttpDomainError.of('SERVICE_UNAVAILABLE', { detail: { reason: error.reason } });
  }
};

const configured = (deps: SalonsHttp): SalonIntegrationUseCase => {
  if (!deps.salon) throw HttpDomainError.of('SERVICE_UNAVAILABLE', { detail: { reason: 'NOT_CONFIGURED' } });
  return deps.salon;
};

/** Staff: a member's record in the salon system (any staff member of the chain). */
export const staffSalonsRouter = (deps: SalonsHttp, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/staffs', '販売管理システム', accounts).add(routes.salons.memberInfo, {
    summary: '販売管理システムの会員情報',
    description: '連携済みならサロン会員ID、未連携なら診察券番号で照会します。会員の所属院のスタッフ（管理者・本部は全院）だけ。',
    access: 'staff',
    errors: ['USER_NOT_FOUND', 'EXTERNAL_USER_NOT_FOUND'],
    audit: { action: 'view', resource: 'member', members: (ctx) => [(ctx.body as { userId: string }).userId] },
    examples: {
      query: { userId: '12' },
      response: {
        userId: '12',
        userNumber: '100001',
        externalMemberId: 'SLN-0001',
        salon: {
          memberId: 'SLN-0001',
          cardNumber: '100001',
          name: '山田 花子',
          kana: 'ヤマダ ハナコ',
          phone: '09012345678',
          email: 'hanako@example.jp',
          points: 1200,
        },
      },
    },
    responses: {
      200: { description: '会員と販売管理システムの会員情報' },
      404: { description: 'USER_NOT_FOUND / EXTERNAL_USER_NOT_FOUND' },
      503: UNAVAILABLE,
    },
    handler: async (ctx, { query }) => {
      const salon = configured(deps);
      const { member, salon: info } = unwrap(await reaching(ctx, () => salon.memberInfo(currentStaff(ctx), query.userId)));
      ctx.body = { userId: member.id, userNumber: member.userNumber, externalMemberId: member.externalMemberId, salon: { ...info } };
    },
  });

/** The member: their own contracts (役務) as the contract source has them. */
export const memberSalonsRouter = (deps: SalonsHttp, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/users', '販売管理システム', accounts).add(routes.salons.ownEkimu, {
    summary: '販売管理システムの役務契約',
    description: '販売管理システムが設定されていればその契約（当システムにないメニューも含む）、なければ当システムの契約台帳の契約を返します。',
    access: 'member',
    errors: ['EXTERNAL_USER_NOT_FOUND'],
    examples: {
      response: {
        source: 'SALON',
        contracts: [
          { id: 'CT-1', menuId: '7', menuName: '医療脱毛 5回コース', sessionsTotal: 5, sessionsUsed: 2, sessionsRemaining: 3, expiresOn: '2027-03-31' },
        ],
      },
    },
    responses: {
      200: { description: '契約と取得元' },
      404: { description: 'EXTERNAL_USER_NOT_FOUND' },
      503: UNAVAILABLE,
    },
    handler: async (ctx) => {
      const member = currentMember(ctx);
      if (!deps.salon) {
        ctx.body = { source: 'LEDGER', contracts: (await deps.ledger.listForMember(member.id)).map(fromLedgerContract) };
        return;
      }
      const salon = deps.salon;
      const contracts = unwrap(await reaching(ctx, () => salon.ownContracts(member)));
      ctx.body = { source: 'SALON', contracts: contracts.map(fromSalonContract) };
    },
  });

/** Chain admins: requests passed through to the salon system. */
export const adminSalonsRouter = (deps: SalonsHttp, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/admin', '販売管理システム', accounts).add(routes.salons.sync, {
    summary: '販売管理システムへの要求',
    description:
      'action=sync: 会員（診察券番号でサロン会員IDを連携）と役務契約を取り込みます。何度実行しても同じ結果になり、2回目以降は変更なし（unchanged）と報告します。取り込めない会員・契約はerrorsに理由付きで返し、他は取り込みます。応答が不正なら何も書き込みません。action=status: 接続設定とサーキットブレーカーの状態。',
    access: 'headOffice',
    audit: { action: 'update', resource: 'member' },
    examples: {
      body: { action: 'sync' },
      response: {
        action: 'sync',
        created: 3,
        updated: 1,
        unchanged: 40,
        errors: [{ memberId: 'SLN-0099', reason: '診察券番号 100099 の会員が見つかりません。' }],
        members: { created: 2, updated: 0, unchanged: 20 },
        contracts: { created: 1, updated: 1, unchanged: 20 },
      },
    },
    responses: {
      200: { description: '結果' },
      400: { description: 'VALIDATION_FAILED' },
      503: UNAVAILABLE,
    },
    handler: async (ctx, { body }) => {
      if (body.action === 'status') {
        ctx.body = { action: 'status', configured: deps.salon !== null, circuit: deps.salon?.circuitState() ?? null };
        return;
      }
      const salon = configured(deps);
      ctx.body = toSyncJson(await reaching(ctx, () => salon.sync(currentStaff(ctx))));
    },
  });
