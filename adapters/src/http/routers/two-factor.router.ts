import { routes } from '@clinic/contract';
import type { AdministerTwoFactorUseCase, ManageTwoFactorUseCase } from '@clinic/core';
import { unwrap } from '../errors/http-error';
import { currentStaff, type AccountLookups, type ApiContext } from '../middleware/auth';
import { clientAddress } from '../middleware/request-context';
import { ApiRouter } from '../routing/api-router';
import { isoInstant } from './staff-management.schemas';

const EXAMPLE_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const EXAMPLE_CODES = [
  'k7m2p-x9q4r',
  'a3b4c-d5e6f',
  'g7h8j-k9m2n',
  'p3q4r-s5t6u',
  'v7w8x-y9z2a',
  'b3c4d-e5f6g',
  'h7j8k-m9n2p',
  'q3r4s-t5u6v',
  'w7x8y-z9a2b',
  'c3d4e-f5g6h',
];

const facts = (ctx: ApiContext) => ({ requestId: ctx.state.requestId ?? null, ip: clientAddress(ctx) });

export interface TwoFactorHttp {
  readonly manage: ManageTwoFactorUseCase;
  readonly administer: AdministerTwoFactorUseCase;
}

/** Two-factor login (TOTP): each staff member's own settings, and an ADMIN's reset and per-clinic requirement. */
export const twoFactorRouter = (deps: TwoFactorHttp, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api', '2段階認証', accounts)
    .add(routes.twoFactor.status, {
      summary: '自分の2段階認証の状態',
      description:
        '有効かどうか、必須かどうか（ADMINは常に必須、STAFFは所属院が必須にしているとき）、未設定で必須のときは猶予期限（`deadline`、この日時を過ぎると設定するまでプロフィールと2段階認証の設定以外は 403 `TWO_FACTOR_SETUP_REQUIRED`）、残りのリカバリーコードの数を返します。',
      examples: { response: { enabled: false, required: true, deadline: '2026-12-08T09:00:00+09:00', recoveryCodesLeft: 0 } },
      access: 'staff',
      beforeTwoFactorSetup: true,
      responses: { 200: { description: '2段階認証の状態' } },
      handler: async (ctx) => {
        const status = await deps.manage.status(currentStaff(ctx));
        ctx.body = { ...status, deadline: status.deadline ? isoInstant(status.deadline) : null };
      },
    })
    .add(routes.twoFactor.setup, {
      summary: '2段階認証の設定を開始',
      description:
        '新しい秘密鍵を発行し、認証アプリ（Google Authenticator など）に読み込ませる `otpauth://` URI（QRコード用）と、手入力用の秘密鍵（Base32）を返します。有効化されるまでは保留中で、もう一度呼ぶと以前の保留中の鍵は使えなくなります。',
      examples: {
        response: {
          secret: EXAMPLE_SECRET,
          otpauthUrl: `otpauth://totp/%E3%82%AF%E3%83%AA%E3%83%8B%E3%83%83%E3%82%AF%E4%BA%88%E7%B4%84:S1002?issuer=%E3%82%AF%E3%83%AA%E3%83%8B%E3%83%83%E3%82%AF%E4%BA%88%E7%B4%84&secret=${EXAMPLE_SECRET}&algorithm=SHA1&digits=6&period=30`,
        },
      },
      errors: ['TWO_FACTOR_ALREADY_ENABLED'],
      access: 'staff',
      beforeTwoFactorSetup: true,
      responses: { 200: { description: '保留中の秘密鍵とそのURI' } },
      handler: async (ctx) => {
        ctx.body = unwrap(await deps.manage.setup(currentStaff(ctx)));
      },
    })
    .add(routes.twoFactor.activate, {
      summary: '2段階認証を有効にする',
      description:
        '認証アプリに表示された6桁の確認コードで保留中の秘密鍵を確かめて有効にし、リカバリーコード10個を返します（この一度しか表示されません）。コードが違うと 400 `INVALID_TWO_FACTOR_CODE`、続けて間違えると 429 です。',
      examples: { body: { code: '123456' }, response: { recoveryCodes: EXAMPLE_CODES } },
      errors: ['INVALID_TWO_FACTOR_CODE', 'TWO_FACTOR_ALREADY_ENABLED', 'TWO_FACTOR_SETUP_NOT_STARTED', 'RATE_LIMITED'],
      access: 'staff',
      beforeTwoFactorSetup: true,
      responses: { 200: { description: 'リカバリーコード（1回ずつ使えます）' } },
      handler: async (ctx, { body }) => {
        ctx.body = unwrap(await deps.manage.activate(currentStaff(ctx), body.code, facts(ctx)));
      },
    })
    .add(routes.twoFactor.regenerate, {
      summary: 'リカバリーコードを作り直す',
      description: '現在の確認コード（またはリカバリーコード）を確かめて、新しいリカバリーコード10個を返します。以前のリカバリーコードは使えなくなります。',
      examples: { body: { code: '123456' }, response: { recoveryCodes: EXAMPLE_CODES } },
      errors: ['INVALID_TWO_FACTOR_CODE', 'TWO_FACTOR_NOT_ENABLED', 'RATE_LIMITED'],
      access: 'staff',
      responses: { 200: { description: '新しいリカバリーコード' } },
      handler: async (ctx, { body }) => {
        ctx.body = unwrap(await deps.manage.regenerateRecoveryCodes(currentStaff(ctx), body.code, facts(ctx)));
      },
    })
    .add(routes.twoFactor.disable, {
      summary: '2段階認証を無効にする',
      description:
        '本文の `code`（現在の確認コードまたはリカバリーコード）を確かめて無効にします。ADMINと、2段階認証を必須にしている院のSTAFFは無効にできません（403 `TWO_FACTOR_MANDATORY`）。',
      examples: { body: { code: '123456' } },
      errors: ['INVALID_TWO_FACTOR_CODE', 'TWO_FACTOR_NOT_ENABLED', 'TWO_FACTOR_MANDATORY', 'RATE_LIMITED'],
      access: 'staff',
      responses: { 204: { description: '無効にしました' } },
      handler: async (ctx, { body }) => {
        unwrap(await deps.manage.disable(currentStaff(ctx), body.code, facts(ctx)));
        ctx.status = 204;
      },
    })
    .add(routes.adminTwoFactor.reset, {
      summary: 'スタッフの2段階認証をリセット',
      description:
        'スマートフォンを失くしたスタッフのために、秘密鍵とリカバリーコードを消します。そのスタッフは次のログインからパスワードだけで入れ、新しい猶予期間（リセットした時点から）のうちに設定し直します。監査ログに残ります。ADMINのみ。',
      examples: { params: { id: '31' } },
      errors: ['STAFF_NOT_FOUND'],
      access: 'admin',
      responses: { 204: { description: 'リセットしました' }, 404: { description: 'STAFF_NOT_FOUND' } },
      handler: async (ctx, { params }) => {
        unwrap(await deps.administer.reset(currentStaff(ctx), params.id, facts(ctx)));
        ctx.status = 204;
      },
    })
    .add(routes.adminTwoFactor.requirement, {
      summary: '院のスタッフの2段階認証の必須設定',
      description: 'この院のSTAFFに2段階認証を必須にしているか、必須にした日時を返します。ADMINのみ。',
      examples: { params: { id: '1' }, response: { staffRequired: true, since: '2026-12-01T09:00:00+09:00' } },
      errors: ['CLINIC_NOT_FOUND'],
      access: 'admin',
      responses: { 200: { description: '必須かどうかと必須にした日時' }, 404: { description: 'CLINIC_NOT_FOUND' } },
      handler: async (ctx, { params }) => {
        const requirement = unwrap(await deps.administer.clinicRequirement(currentStaff(ctx), params.id));
        ctx.body = { staffRequired: requirement.staffRequired, since: requirement.since ? isoInstant(requirement.since) : null };
      },
    })
    .add(routes.adminTwoFactor.setRequirement, {
      summary: '院のスタッフに2段階認証を必須にする',
      description:
        '`staffRequired: true` でこの院のSTAFFに2段階認証を必須にします。未設定のSTAFFには、必須にした時点から猶予期間（TWO_FACTOR_GRACE_DAYS、既定7日）があります。すでに必須のときは日時は変わりません。`false` で任意に戻します。ADMINは院に関係なく常に必須です。ADMINのみ。',
      examples: { params: { id: '1' }, body: { staffRequired: true }, response: { staffRequired: true, since: '2026-12-01T09:00:00+09:00' } },
      errors: ['CLINIC_NOT_FOUND'],
      access: 'admin',
      responses: { 200: { description: '変更後の設定' }, 404: { description: 'CLINIC_NOT_FOUND' } },
      handler: async (ctx, { params, body }) => {
        const requirement = unwrap(await deps.administer.setClinicRequirement(currentStaff(ctx), params.id, body.staffRequired, facts(ctx)));
        ctx.body = { staffRequired: requirement.staffRequired, since: requirement.since ? isoInstant(requirement.since) : null };
      },
    });
