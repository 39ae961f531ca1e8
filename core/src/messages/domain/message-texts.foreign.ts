import { DateTime } from 'luxon';
import { clinicZone } from '../../shared/zone-offset';
import type { TranslatedLanguage } from '../../shared/language';
import type { MessageChannel } from './message.entity';

/** The links a message carries (computed by `messageLinks` in message-texts.ts). */
export interface MessageLinkSet {
  readonly confirm: string | null;
  readonly change: string | null;
  readonly cancel: string | null;
  /** The forms page (問診票・同意書), while the visit still waits for the person's forms; else null. */
  readonly forms: string | null;
}

/** What of message-texts.ts's `MessageFacts` the texts use (declared here: that module imports this one). */
interface Facts {
  readonly kind: 'CONFIRMATION' | 'CHANGE' | 'CANCELLATION' | 'REMINDER';
  readonly channel: MessageChannel;
  readonly recipientName: string;
  readonly clinic: { readonly phone: string; readonly homepageUrl: string | null; readonly updateDeadlineHours: number; readonly cancelDeadlineHours: number };
  readonly reservation: { readonly startMs: number; readonly endMs: number; readonly menuNames: readonly string[]; readonly preVisitNotes: readonly string[] };
}

interface MessageText {
  readonly subject: string;
  readonly text: string;
}

/** The words of the English and Simplified Chinese messages; the layout is that of the Japanese ones. */
interface Words {
  readonly locale: string;
  readonly greeting: (name: string) => string;
  readonly from: (clinic: string) => string;
  readonly visit: string;
  readonly date: string;
  readonly menu: string;
  readonly clinic: string;
  readonly phone: string;
  readonly listSeparator: string;
  readonly timeZoneNote: string;
  readonly mailOnly: readonly string[];
  readonly subject: Record<'CONFIRMATION' | 'CHANGE' | 'CANCELLATION', (clinic: string) => string> & {
    readonly REMINDER: (clinic: string, when: 'today' | 'tomorrow' | null) => string;
  };
  readonly confirmation: readonly string[];
  readonly change: readonly string[];
  readonly cancellation: readonly string[];
  readonly reminder: (when: 'today' | 'tomorrow' | null) => string;
  readonly preVisit: string;
  readonly formsLead: readonly string[];
  readonly confirmVisit: string;
  readonly lookForward: string;
  readonly lookForwardAgain: string;
  readonly mypage: string;
  readonly onlineDeadlines: (changeHours: number, cancelHours: number) => string;
  readonly cancelHere: string;
  readonly changeHere: string;
  readonly byPhone: (what: 'change' | 'cancel' | 'both', clinic: string, phone: string) => string;
}

const EN: Words = {
  locale: 'en-US',
  greeting: (name) => `Dear ${name},`,
  from: (clinic) => `This is ${clinic}.`,
  visit: '■ Your booking',
  date: 'Date and time',
  menu: 'Treatment',
  clinic: 'Clinic',
  phone: 'Phone',
  listSeparator: ', ',
  timeZoneNote: ' (Japan time)',
  mailOnly: ['* This email was sent from a send-only address. Replies cannot be answered.', '* If you did not make this booking, please delete this email.'],
  subject: {
    CONFIRMATION: (clinic) => `[${clinic}] Your booking is confirmed`,
    CHANGE: (clinic) => `[${clinic}] Your booking has been changed`,
    CANCELLATION: (clinic) => `[${clinic}] Your booking has been cancelled`,
    REMINDER: (clinic, when) =>
      `[${clinic}] ${when === 'today' ? 'Your booking today' : when === 'tomorrow' ? 'Your booking tomorrow' : 'Reminder of your booking'}`,
  },
  confirmation: ['Thank you for your booking.', 'We have received the following booking.'],
  change: ['We have changed your booking. The new details are below.'],
  cancellation: ['We have cancelled the following booking.'],
  reminder: (when) => `This is a reminder of your booking${when === 'today' ? ' today' : when === 'tomorrow' ? ' tomorrow' : ''}.`,
  preVisit: '■ Before your visit',
  formsLead: ['■ Your questionnaire and consent', 'Before your visit, please fill in the questionnaire and consent form at the link below.'],
  confirmVisit: 'If you are coming, please confirm your visit at the link below.',
  lookForward: 'We look forward to seeing you.',
  lookForwardAgain: 'We hope to see you again soon.',
  mypage: 'You can change or cancel your booking on your My Page.',
  onlineDeadlines: (changeHours, cancelHours) =>
    `(Online changes are possible until ${changeHours} hours and cancellations until ${cancelHours} hours before your visit.)`,
  cancelHere: 'You can cancel your booking at the link below.',
  changeHere: 'You can change your booking at the link below.',
  byPhone: (what, clinic, phone) => `To ${what === 'both' ? 'change or cancel' : what} your booking, please call ${clinic} (${phone}).`,
};

const ZH: Words = {
  locale: 'zh-CN',
  greeting: (name) => `${name} 您好：`,
  from: (clinic) => `这里是${clinic}。`,
  visit: '■预约内容',
  date: '日期时间',
  menu: '项目',
  clinic: '诊所',
  phone: '电话',
  listSeparator: '、',
  timeZoneNote: '（日本时间）',
  mailOnly: ['※本邮件为系统自动发送，请勿直接回复。', '※如果您没有进行过此预约，请删除本邮件。'],
  subject: {
    CONFIRMATION: (clinic) => `【${clinic}】预约已确认`,
    CHANGE: (clinic) => `【${clinic}】预约已更改`,
    CANCELLATION: (clinic) => `【${clinic}】预约已取消`,
    REMINDER: (clinic, when) => `【${clinic}】${when === 'today' ? '今天的预约提醒' : when === 'tomorrow' ? '明天的预约提醒' : '预约时间提醒'}`,
  },
  confirmation: ['感谢您的预约。', '我们已按以下内容为您预约。'],
  change: ['您的预约已更改，更改后的内容如下。'],
  cancellation: ['以下预约已为您取消。'],
  reminder: (when) => `特此提醒您${when === 'today' ? '今天' : when === 'tomorrow' ? '明天' : ''}的预约。`,
  preVisit: '■来院前须知',
  formsLead: ['■问诊表・同意书', '来院前，请通过以下链接填写问诊表和同意书。'],
  confirmVisit: '如您可以按时来院，请通过以下链接确认来院。',
  lookForward: '期待您的光临。',
  lookForwardAgain: '期待您再次光临。',
  mypage: '您可以在“我的页面”更改或取消预约。',
  onlineDeadlines: (changeHours, cancelHours) => `（网上更改截至来院前${changeHours}小时，取消截至来院前${cancelHours}小时。）`,
  cancelHere: '您可以通过以下链接取消预约。',
  changeHere: '您可以通过以下链接更改预约。',
  byPhone: (what, clinic, phone) => `如需${what === 'both' ? '更改或取消' : what === 'change' ? '更改' : '取消'}预约，请致电${clinic}（${phone}）。`,
};

const WORDS: Record<TranslatedLanguage, Words> = { en: EN, 'zh-CN': ZH };

const at = (ms: number, locale: string) => DateTime.fromMillis(ms, { zone: clinicZone }).setLocale(locale);

/** "Wed, December 2, 2026, 11:00–12:00 (Japan time)" / "2026年12月2日周三 11:00–12:00（日本时间）". */
const visitTime = (facts: Facts, words: Words): string => {
  const start = at(facts.reservation.startMs, words.locale);
  const date = start.toLocaleString({ weekday: 'short', year: 'numeric', month: 'long', day: 'numeric' });
  const time = (ms: number) => at(ms, words.locale).toFormat('HH:mm');
  return `${date} ${time(facts.reservation.startMs)}–${time(facts.reservation.endMs)}${words.timeZoneNote}`;
};

const day = (ms: number): string => DateTime.fromMillis(ms, { zone: clinicZone }).toISODate()!;

const separator = (words: Words) => (words.locale === 'zh-CN' ? '：' : ': ');

/**
 * A message in English or Simplified Chinese: the same parts as the Japanese one (greeting, the
 * visit, change and cancel by link while the deadlines allow, else by phone, the signature), with
 * dates in the language's format. `clinic` is the clinic's label (names are not translated);
 * menu names and notes come translated in `facts` where a translation exists.
 */
export const renderForeignMessage = (facts: Facts, language: TranslatedLanguage, clinic: string, links: MessageLinkSet, nowMs: number): MessageText => {
  const words = WORDS[language];
  const sep = separator(words);
  const visitBlock = [
    words.visit,
    `${words.date}${sep}${visitTime(facts, words)}`,
    `${words.menu}${sep}${facts.reservation.menuNames.join(words.listSeparator)}`,
    `${words.clinic}${sep}${clinic}`,
    `${words.phone}${sep}${facts.clinic.phone}`,
    ...(facts.clinic.homepageUrl ? [facts.clinic.homepageUrl] : []),
  ];
  const header = [words.greeting(facts.recipientName), '', words.from(clinic)];
  const signature = ['', '――――――――――――――', `${clinic}　TEL ${facts.clinic.phone}`, ...(facts.channel === 'MAIL' ? words.mailOnly : [])];
  const startMs = facts.reservation.startMs;
  const mayChange = links.change !== null && nowMs <= startMs - facts.clinic.updateDeadlineHours * 3_600_000;
  const mayCancel = links.cancel !== null && nowMs <= startMs - facts.clinic.cancelDeadlineHours * 3_600_000;
  const changeAndCancel = (): string[] => {
    if (mayChange && links.change === links.cancel) {
      return [words.mypage, links.change!, words.onlineDeadlines(facts.clinic.updateDeadlineHours, facts.clinic.cancelDeadlineHours)];
    }
    const lines: string[] = [];
    if (mayCancel) lines.push(words.cancelHere, links.cancel!);
    if (mayChange && links.change) lines.push(words.changeHere, links.change);
    if (!mayChange || !mayCancel) lines.push(words.byPhone(!mayChange && !mayCancel ? 'both' : !mayChange ? 'change' : 'cancel', clinic, facts.clinic.phone));
    return lines;
  };
  switch (facts.kind) {
    case 'CONFIRMATION':
    case 'CHANGE':
      return {
        subject: words.subject[facts.kind](clinic),
        text: [
          ...header,
          ...(facts.kind === 'CONFIRMATION' ? words.confirmation : words.change),
          '',
          ...visitBlock,
          '',
          ...(facts.kind === 'CONFIRMATION' && links.forms ? [...words.formsLead, links.forms, ''] : []),
          ...changeAndCancel(),
          '',
          words.lookForward,
          ...signature,
        ].join('\n'),
      };
    case 'CANCELLATION':
      return {
        subject: words.subject.CANCELLATION(clinic),
        text: [...header, ...words.cancellation, '', ...visitBlock, '', words.lookForwardAgain, ...signature].join('\n'),
      };
    case 'REMINDER': {
      const tomorrow = day(startMs) === DateTime.fromMillis(nowMs, { zone: clinicZone }).plus({ days: 1 }).toISODate();
      const when = day(startMs) === day(nowMs) ? 'today' : tomorrow ? 'tomorrow' : null;
      return {
        subject: words.subject.REMINDER(clinic, when),
        text: [
          ...header,
          words.reminder(when),
          '',
          ...visitBlock,
          ...(facts.reservation.preVisitNotes.length > 0 ? ['', words.preVisit, ...facts.reservation.preVisitNotes] : []),
          '',
          ...(links.forms ? [...words.formsLead, links.forms, ''] : []),
          ...(links.confirm ? [words.confirmVisit, links.confirm, ''] : []),
          ...changeAndCancel(),
          '',
          words.lookForward,
          ...signature,
        ].join('\n'),
      };
    }
  }
};
