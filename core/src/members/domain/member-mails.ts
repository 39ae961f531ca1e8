import { DateTime } from 'luxon';
import type { MailMessage } from '../../mail/ports/mail.port';
import { CLINIC_ZONE } from '../../shared/clock.port';

const formatInstant = (at: Date): string => DateTime.fromJSDate(at).setZone(CLINIC_ZONE).setLocale('ja').toFormat('yyyy年M月d日(ccc) HH:mm');

const FOOTER = ['', '※このメールは送信専用です。ご返信いただいてもお答えできません。', '※お心当たりのない場合は、このメールを破棄してください。'];

/** The mail with a 30-minute link for a member to choose a new password. */
export const memberPasswordResetMail = (to: { email: string; name: string }, url: string, expiresAt: Date): MailMessage => ({
  to: to.email,
  subject: '【クリニック予約】パスワード再設定のご案内',
  text: [
    `${to.name} 様`,
    '',
    'パスワード再設定のお申し込みを受け付けました。',
    '下記のURLから新しいパスワードを設定してください。',
    '',
    url,
    '',
    `URLの有効期限：${formatInstant(expiresAt)}まで（30分間・一度のみ有効）`,
    '期限が切れた場合は、お手数ですが、もう一度お申し込みください。',
    ...FOOTER,
  ].join('\n'),
});

export interface VisitFacts {
  readonly email: string;
  readonly name: string;
  readonly clinicName: string;
  readonly clinicPhone: string;
  readonly startsAt: Date;
  readonly endsAt: Date;
  readonly menuNames: readonly string[];
}

const visitLines = (visit: VisitFacts): string[] => [
  `クリニック：${visit.clinicName}`,
  `日時：${formatInstant(visit.startsAt)}〜${DateTime.fromJSDate(visit.endsAt).setZone(CLINIC_ZONE).toFormat('HH:mm')}`,
  `メニュー：${visit.menuNames.join('、')}`,
];

/** Confirmation of a booking; a guest's carries the cancel link. */
export const bookingConfirmationMail = (visit: VisitFacts, cancelUrl: string | null): MailMessage => ({
  to: visit.email,
  subject: `【${visit.clinicName}】ご予約を承りました`,
  text: [
    `${visit.name} 様`,
    '',
    'ご予約ありがとうございます。下記の内容でご予約を承りました。',
    '',
    ...visitLines(visit),
    '',
    ...(cancelUrl
      ? ['ご予約のキャンセルは、下記のURLから行えます。', cancelUrl, '']
      : ['ご予約の確認・変更・キャンセルは、マイページから行えます。', '']),
    `ご不明な点は、${visit.clinicName}（${visit.clinicPhone}）までお問い合わせください。`,
    ...FOOTER,
  ].join('\n'),
});

/** Notice that a booking was cancelled. */
export const cancellationMail = (visit: VisitFacts): MailMessage => ({
  to: visit.email,
  subject: `【${visit.clinicName}】ご予約のキャンセルを承りました`,
  text: [
    `${visit.name} 様`,
    '',
    '下記のご予約をキャンセルしました。',
    '',
    ...visitLines(visit),
    '',
    `ご不明な点は、${visit.clinicName}（${visit.clinicPhone}）までお問い合わせください。`,
    ...FOOTER,
  ].join('\n'),
});
