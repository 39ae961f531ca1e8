import { DateTime } from 'luxon';
import type { MailMessage } from '../../mail/ports/mail.port';
import { clinicZone } from '../../shared/zone-offset';

const formatInstant = (at: Date): string => DateTime.fromJSDate(at).setZone(clinicZone).setLocale('ja').toFormat('yyyy年M月d日(ccc) HH:mm');

const FOOTER = ['', '※このメールは送信専用です。ご返信いただいてもお答えできません。', '※お心当たりのない場合は、このメールを破棄してください。'];

/** The mail that invites a new staff member to set a password. */
export const invitationMail = (to: { email: string; name: string }, url: string, expiresAt: Date): MailMessage => ({
  to: to.email,
  subject: '【クリニック予約システム】スタッフアカウントのご案内',
  text: [
    `${to.name} 様`,
    '',
    'クリニック予約システムのスタッフアカウントが作成されました。',
    '下記のURLからパスワードを設定すると、ログインできるようになります。',
    '',
    url,
    '',
    `URLの有効期限：${formatInstant(expiresAt)}まで（一度のみ有効）`,
    '期限が切れた場合は、管理者に案内メールの再送をご依頼ください。',
    ...FOOTER,
  ].join('\n'),
});

/** The mail with a link to choose a new password. */
export const passwordResetMail = (to: { email: string; name: string }, url: string, expiresAt: Date): MailMessage => ({
  to: to.email,
  subject: '【クリニック予約システム】パスワード再設定のご案内',
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
