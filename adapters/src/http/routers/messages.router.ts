import { routes, type MessageJson } from '@clinic/contract';
import { MESSAGE_RESEND_ERRORS, type StaffMessage, type StaffMessagesUseCase } from '@clinic/core';
import { HttpDomainError } from '../errors/http-error';
import type { AccountLookups } from '../middleware/auth';
import { ApiRouter } from '../routing/api-router';
import { formatInstant as instant } from './instant';

export const toMessageJson = (message: StaffMessage): MessageJson => ({
  id: message.id,
  clinicId: message.clinicId,
  userId: message.userId,
  reservationId: message.reservationId,
  channel: message.channel,
  kind: message.kind,
  status: message.status,
  to: message.recipient,
  subject: message.subject,
  scheduledAt: instant(message.scheduledAtMs),
  sentAt: message.sentAtMs === null ? null : instant(message.sentAtMs),
  createdAt: instant(message.createdAtMs),
  attempts: message.attempts,
  lastError: message.lastError,
  resendable: message.resendable,
});

const EXAMPLE_MESSAGE: MessageJson = {
  id: '0b6f4c1e-3f43-4d1c-9a55-6f0f2a1c9d10',
  clinicId: '1',
  userId: '15',
  reservationId: '120',
  channel: 'MAIL',
  kind: 'REMINDER',
  status: 'FAILED',
  to: 'hanako@example.jp',
  subject: null,
  scheduledAt: '2026-12-01T18:00:00+09:00',
  sentAt: null,
  createdAt: '2026-11-24T10:02:11+09:00',
  attempts: 8,
  lastError: 'メールサーバに送信できませんでした（connect ECONNREFUSED）。',
  resendable: true,
};

/** 送信履歴: the messages sent (or to be sent) to members and guests, for staff of any clinic. */
export const messagesRouter = (messages: StaffMessagesUseCase, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/staffs', '送信履歴', accounts)
    .add(routes.staffMessages.list, {
      summary: '送信履歴の一覧',
      description:
        'クリニックのメッセージ（予約確認・変更・キャンセル・リマインド・キャンセル待ちのご案内）を新しい順に500件まで返します。userId（会員）、reservationId（予約）、status（SCHEDULED／SENT／FAILED／CANCELLED）で絞り込めます。`resendable` は今「再送」が受け付けられるか（再送と同じ判定）を表します。',
      examples: { query: { clinicId: '1', status: 'FAILED' }, response: [EXAMPLE_MESSAGE] },
      access: 'staff',
      // Every read of the log is in the staff access audit, naming the members whose messages were shown.
      audit: { action: 'list', resource: 'message', members: (ctx) => (ctx.body as MessageJson[]).map((m) => m.userId) },
      responses: { 200: { description: 'メッセージ' }, 400: { description: 'VALIDATION_FAILED' } },
      handler: async (ctx, { query }) => {
        ctx.body = (await messages.list(query)).map(toMessageJson);
      },
    })
    .add(routes.staffMessages.resend, {
      summary: 'メッセージを再送',
      description:
        '送信に失敗したメッセージ、または送信から10分以上たったメッセージを、今すぐもう一度送ります。送信待ち・取り消し済みのものは `MESSAGE_NOT_RESENDABLE`、送信から10分以内は `MESSAGE_RESEND_TOO_SOON`、キャンセル・来院済みや日時を過ぎた予約の予約確認・変更・リマインドは `MESSAGE_RESERVATION_ENDED`（いずれも409）。送り先と送り方は送信のときの会員情報で決まります。再送は監査ログ（閲覧記録）に残ります。',
      examples: { params: { id: EXAMPLE_MESSAGE.id }, response: { ...EXAMPLE_MESSAGE, status: 'SCHEDULED', attempts: 0, lastError: null, resendable: false } },
      errors: [...MESSAGE_RESEND_ERRORS],
      access: 'staff',
      audit: { action: 'update', resource: 'message', idParam: 'id', members: (ctx) => [(ctx.body as MessageJson).userId] },
      responses: {
        202: { description: '再送を受け付けたメッセージ' },
        404: { description: 'MESSAGE_NOT_FOUND' },
        409: { description: 'MESSAGE_NOT_RESENDABLE, MESSAGE_RESEND_TOO_SOON, MESSAGE_RESERVATION_ENDED' },
      },
      handler: async (ctx, { params }) => {
        const result = await messages.resend(params.id);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.status = 202;
        ctx.body = toMessageJson(result.value);
      },
    });
