import { DateTime } from 'luxon';
import type { MailMessage } from '../../mail/ports/mail.port';
import { clinicZone } from '../../shared/zone-offset';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/language';

/** The member mails' words in each language of the member screens (docs/languages.md). */
const TEXTS: Record<
  Language,
  {
    subject: string;
    greeting: (name: string) => string;
    body: readonly string[];
    expiry: (until: string) => string;
    again: string;
    footer: readonly string[];
    format: string;
    locale: string;
  }
> = {
  ja: {
    subject: '【クリニック予約】パスワード再設定のご案内',
    greeting: (name) => `${name} 様`,
    body: ['パスワード再設定のお申し込みを受け付けました。', '下記のURLから新しいパスワードを設定してください。'],
    expiry: (until) => `URLの有効期限：${until}まで（30分間・一度のみ有効）`,
    again: '期限が切れた場合は、お手数ですが、もう一度お申し込みください。',
    footer: ['※このメールは送信専用です。ご返信いただいてもお答えできません。', '※お心当たりのない場合は、このメールを破棄してください。'],
    format: 'yyyy年M月d日(ccc) HH:mm',
    locale: 'ja',
  },
  en: {
    subject: '[Clinic reservations] Resetting your password',
    greeting: (name) => `Dear ${name},`,
    body: ['We have received a request to reset your password.', 'Please set a new password at the link below.'],
    expiry: (until) => `The link is valid until ${until} (Japan time; 30 minutes, once only).`,
    again: 'If it has expired, please request a new one.',
    footer: ['This address cannot receive replies.', 'If you did not ask for this, please ignore this mail.'],
    format: 'ccc d LLL yyyy, HH:mm',
    locale: 'en',
  },
  'zh-CN': {
    subject: '【诊所预约】重设密码',
    greeting: (name) => `${name} 您好：`,
    body: ['我们已收到您重设密码的申请。', '请通过下方链接设置新密码。'],
    expiry: (until) => `链接有效期至${until}（日本时间，30分钟内，仅限一次）。`,
    again: '如链接已过期，请重新申请。',
    footer: ['此邮件为系统自动发送，请勿回复。', '如果这不是您本人的操作，请忽略此邮件。'],
    format: 'yyyy年M月d日 HH:mm',
    locale: 'zh-CN',
  },
};

/** The mail with a 30-minute link for a member to choose a new password, in the member's language (Japanese when none is saved). */
export const memberPasswordResetMail = (to: { email: string; name: string; language?: Language }, url: string, expiresAt: Date): MailMessage => {
  const texts = TEXTS[to.language ?? DEFAULT_LANGUAGE];
  const until = DateTime.fromJSDate(expiresAt).setZone(clinicZone).setLocale(texts.locale).toFormat(texts.format);
  return {
    to: to.email,
    subject: texts.subject,
    text: [texts.greeting(to.name), '', ...texts.body, '', url, '', texts.expiry(until), texts.again, '', ...texts.footer].join('\n'),
  };
};
