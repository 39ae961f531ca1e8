import { DateTime } from 'luxon';
import { clinicZone } from '../../shared/zone-offset';
import type { Language } from '../../shared/language';
import { renderForeignMessage, type MessageLinkSet } from './message-texts.foreign';
import type { MessageChannel, MessageKind } from './message.entity';

/** Everything a message's text is made of, read when it is delivered. */
export interface MessageFacts {
  readonly kind: MessageKind;
  readonly channel: MessageChannel;
  readonly recipientName: string;
  readonly audience: 'member' | 'guest';
  readonly clinic: {
    readonly name: string;
    readonly phone: string;
    readonly homepageUrl: string | null;
    readonly updateDeadlineHours: number;
    readonly cancelDeadlineHours: number;
  };
  readonly reservation: {
    readonly id: string;
    readonly startMs: number;
    readonly endMs: number;
    readonly menuNames: readonly string[];
    /** The menus' pre-visit notes that are not empty (e.g. shaving before hair removal). */
    readonly preVisitNotes: readonly string[];
  };
  /** A guest's cancel token, for the links of their messages. */
  readonly cancelToken: string | null;
  /** A guest's confirm-only token, for the visit-confirmation link (bookings made before it existed have none). */
  readonly visitToken?: string | null;
  /**
   * The visit still waits for the person's 問診票 or 同意書 (docs/forms.md): the confirmation and the
   * reminder carry the link to its forms page. Never the answers themselves.
   */
  readonly formsPending?: boolean;
  /** A waitlist message (a guest's registration, an offer): the entry it is about. */
  readonly waitlist?: WaitlistFacts;
  /**
   * The recipient's language (a member's saved one; a guest booking's own): English and Chinese
   * get the texts of message-texts.foreign.ts, Japanese (or absent) those below. Menu names and
   * notes come already in that language where translated.
   */
  readonly language?: Language;
  /**
   * The page of the reservation's forms (問診票・同意書) while some are pending, else null or
   * absent. SEAM for issue 23: filled in by the facts query once the forms' core function that
   * says which are pending is on main (docs/integrations.md, "The LINE app").
   */
  readonly pendingFormsUrl?: string | null;
}

export interface WaitlistFacts {
  readonly entryId: string;
  readonly entryStatus: string;
  readonly menuName: string;
  readonly from: string;
  readonly to: string;
  readonly times: readonly { readonly start: string; readonly end: string }[];
  /** The guest's token for the links (null for a member). */
  readonly token: string | null;
  /** The latest offer, when there is one. */
  readonly offer: { readonly startMs: number; readonly endMs: number; readonly expiresAtMs: number; readonly status: string } | null;
}

/** A button of a LINE message (a Flex message's footer): a postback to our webhook, or a link. */
export type MessageButton =
  | { readonly kind: 'postback'; readonly label: string; readonly data: string; readonly displayText: string }
  | { readonly kind: 'uri'; readonly label: string; readonly uri: string };

export interface MessageText {
  readonly subject: string;
  readonly text: string;
  /** LINE only: the buttons of the Flex message (line-buttons.ts). */
  readonly buttons?: readonly MessageButton[];
}

export type RenderableKind = Exclude<MessageKind, 'WAITLIST_OFFER'>;

/** "渋谷" → "渋谷院" (a name that already ends in 院 is kept). */
export const clinicLabel = (name: string): string => (name.endsWith('院') ? name : `${name}院`);

const dateTime = (ms: number): string => DateTime.fromMillis(ms, { zone: clinicZone }).setLocale('ja').toFormat('yyyy年M月d日(ccc) HH:mm');
const time = (ms: number): string => DateTime.fromMillis(ms, { zone: clinicZone }).toFormat('HH:mm');
const day = (ms: number): string => DateTime.fromMillis(ms, { zone: clinicZone }).toISODate()!;

const base = (publicUrl: string): string => publicUrl.replace(/\/+$/, '');

/**
 * The forms page of a visit (docs/forms.md): members on their mypage, guests by their booking's
 * token; null for a guest without a token. LINE's buttons may use it too.
 */
export const formsPageLink = (
  facts: Pick<MessageFacts, 'audience' | 'cancelToken'> & { readonly reservation: Pick<MessageFacts['reservation'], 'id'> },
  publicUrl: string,
): string | null => {
  const root = base(publicUrl);
  if (facts.audience === 'member') return `${root}/user/mypage/reservations/${encodeURIComponent(facts.reservation.id)}/forms/`;
  return facts.cancelToken ? `${root}/guest/forms/?token=${encodeURIComponent(facts.cancelToken)}` : null;
};

/** The links a message carries: confirm the visit, change and cancel (members on their mypage), and the forms page while forms are pending. */
export const messageLinks = (facts: MessageFacts, publicUrl: string): MessageLinkSet => {
  const root = base(publicUrl);
  const forms = facts.formsPending ? formsPageLink(facts, publicUrl) : null;
  if (facts.audience === 'member') {
    return {
      confirm: `${root}/user/reservations/${facts.reservation.id}/confirm/`,
      change: `${root}/user/mypage/services/`,
      cancel: `${root}/user/mypage/services/`,
      forms,
    };
  }
  const token = facts.cancelToken ? encodeURIComponent(facts.cancelToken) : null;
  // The confirm link carries the confirm-only token: a mail scanner or a forwarded reminder cannot cancel with it.
  const visit = facts.visitToken ? encodeURIComponent(facts.visitToken) : null;
  return {
    confirm: visit ? `${root}/guest/reservations/confirm/?token=${visit}` : null,
    change: null,
    cancel: token ? `${root}/guest/reserve/cancel/?token=${token}` : null,
    forms,
  };
};

const FORMS_LEAD = ['■問診票・同意書のご記入のお願い', 'ご来院前に、下記のURLから問診票・同意書のご記入をお願いいたします。'];

/** The forms block of a confirmation or reminder, when the visit still waits for them. */
const formsBlock = (facts: MessageFacts, publicUrl: string): string[] => {
  const link = messageLinks(facts, publicUrl).forms;
  return link ? [...FORMS_LEAD, link, ''] : [];
};

const visitBlock = (facts: MessageFacts): string[] => {
  const clinic = clinicLabel(facts.clinic.name);
  return [
    '■ご予約内容',
    `日時：${dateTime(facts.reservation.startMs)}〜${time(facts.reservation.endMs)}`,
    `メニュー：${facts.reservation.menuNames.join('、')}`,
    `クリニック：${clinic}`,
    `電話番号：${facts.clinic.phone}`,
    ...(facts.clinic.homepageUrl ? [facts.clinic.homepageUrl] : []),
  ];
};

const signature = (facts: MessageFacts): string[] => [
  '',
  '――――――――――――――',
  `${clinicLabel(facts.clinic.name)}　TEL ${facts.clinic.phone}`,
  ...(facts.channel === 'MAIL'
    ? ['※このメールは送信専用です。ご返信いただいてもお答えできません。', '※お心当たりのない場合は、お手数ですが破棄してください。']
    : []),
];

/** Change and cancel: the links while the clinic's deadlines allow it, else the phone. */
const changeAndCancel = (facts: MessageFacts, publicUrl: string, nowMs: number): string[] => {
  const links = messageLinks(facts, publicUrl);
  const startMs = facts.reservation.startMs;
  const mayChange = links.change !== null && nowMs <= startMs - facts.clinic.updateDeadlineHours * 3_600_000;
  const mayCancel = links.cancel !== null && nowMs <= startMs - facts.clinic.cancelDeadlineHours * 3_600_000;
  const phone = `${clinicLabel(facts.clinic.name)}（${facts.clinic.phone}）`;
  if (mayChange && links.change === links.cancel) {
    return [
      'ご予約の変更・キャンセルは、マイページから行えます。',
      links.change!,
      `（オンラインでの変更は来院の${facts.clinic.updateDeadlineHours}時間前まで、キャンセルは${facts.clinic.cancelDeadlineHours}時間前まで承ります。）`,
    ];
  }
  const lines: string[] = [];
  if (mayCancel) lines.push('ご予約のキャンセルは、下記のURLから行えます。', links.cancel!);
  if (mayChange && links.change) lines.push('ご予約の変更は、下記のURLから行えます。', links.change);
  const byPhone = [!mayChange ? '変更' : null, !mayCancel ? 'キャンセル' : null].filter(Boolean).join('・');
  if (byPhone) lines.push(`ご予約の${byPhone}は、お手数ですが${phone}までお電話でご連絡ください。`);
  return lines;
};

const header = (facts: MessageFacts): string[] => [`${facts.recipientName} 様`, '', `${clinicLabel(facts.clinic.name)}でございます。`];

/**
 * The Japanese text of a message, as the clinic would write it: the clinic's name with 院, the
 * date with its weekday, the menu, the clinic's page and phone, and the links that fit the person
 * (members: mypage; guests: their token's pages). `nowMs` is the time of sending (deadlines).
 */
export const renderMessage = (facts: MessageFacts & { readonly kind: RenderableKind }, publicUrl: string, nowMs: number): MessageText => {
  const clinic = clinicLabel(facts.clinic.name);
  if (facts.language === 'en' || facts.language === 'zh-CN') return renderForeignMessage(facts, facts.language, clinic, messageLinks(facts, publicUrl), nowMs);
  switch (facts.kind) {
    case 'CONFIRMATION':
      return {
        subject: `【${clinic}】ご予約を承りました`,
        text: [
          ...header(facts),
          'このたびはご予約いただき、誠にありがとうございます。',
          '下記の内容でご予約を承りました。',
          '',
          ...visitBlock(facts),
          '',
          ...formsBlock(facts, publicUrl),
          ...changeAndCancel(facts, publicUrl, nowMs),
          '',
          'ご来院を心よりお待ちしております。',
          ...signature(facts),
        ].join('\n'),
      };
    case 'CHANGE':
      return {
        subject: `【${clinic}】ご予約の変更を承りました`,
        text: [
          ...header(facts),
          'ご予約の変更を承りました。変更後のご予約内容は下記のとおりです。',
          '',
          ...visitBlock(facts),
          '',
          ...changeAndCancel(facts, publicUrl, nowMs),
          '',
          'ご来院を心よりお待ちしております。',
          ...signature(facts),
        ].join('\n'),
      };
    case 'CANCELLATION':
      return {
        subject: `【${clinic}】ご予約のキャンセルを承りました`,
        text: [
          ...header(facts),
          '下記のご予約のキャンセルを承りました。',
          '',
          ...visitBlock(facts),
          '',
          'またのご来院を心よりお待ちしております。',
          ...signature(facts),
        ].join('\n'),
      };
    case 'REMINDER': {
      const tomorrow = day(facts.reservation.startMs) === DateTime.fromMillis(nowMs, { zone: clinicZone }).plus({ days: 1 }).toISODate();
      const today = day(facts.reservation.startMs) === day(nowMs);
      const when = today ? '本日' : tomorrow ? '明日' : null;
      const confirm = messageLinks(facts, publicUrl).confirm;
      return {
        subject: `【${clinic}】${when ? `${when}のご予約のお知らせ` : 'ご予約日時のお知らせ'}`,
        text: [
          ...header(facts),
          `${when ? `${when}のご予約` : 'ご予約の日時'}について、ご案内いたします。`,
          '',
          ...visitBlock(facts),
          ...(facts.reservation.preVisitNotes.length > 0 ? ['', '■ご来院前のお願い', ...facts.reservation.preVisitNotes] : []),
          '',
          ...formsBlock(facts, publicUrl),
          ...(confirm ? ['ご来院いただける場合は、お手数ですが下記のURLから「来院の確認」をお願いいたします。', confirm, ''] : []),
          ...changeAndCancel(facts, publicUrl, nowMs),
          '',
          'ご来院を心よりお待ちしております。',
          ...signature(facts),
        ].join('\n'),
      };
    }
  }
};

const dateOnly = (iso: string): string => DateTime.fromISO(iso, { zone: clinicZone }).setLocale('ja').toFormat('yyyy年M月d日(ccc)');
const monthDayTime = (ms: number): string => DateTime.fromMillis(ms, { zone: clinicZone }).setLocale('ja').toFormat('M月d日(ccc) HH:mm');

/** The page where a member or guest sees, accepts or cancels their waitlist entry. */
export const waitlistLink = (waitlist: WaitlistFacts, publicUrl: string): string =>
  waitlist.token ? `${base(publicUrl)}/guest/waitlist/?token=${encodeURIComponent(waitlist.token)}` : `${base(publicUrl)}/user/mypage/waitlist/`;

/**
 * The texts of the waitlist: a guest's registration (CONFIRMATION of an entry) and an offer
 * (WAITLIST_OFFER), with the time held, its deadline and the link to accept it.
 */
/** The waitlist's texts in English and Simplified Chinese (the layout of the Japanese ones). */
const WAITLIST_WORDS = {
  en: {
    locale: 'en-US',
    dateTime: 'EEE, d MMM yyyy, HH:mm',
    date: 'EEE, d MMM yyyy',
    greeting: (name: string) => `Dear ${name},`,
    from: (clinic: string) => `This is ${clinic}.`,
    offerSubject: (clinic: string) => `[${clinic}] A time you are waiting for is free`,
    offerLead: 'A time has become free for the menu you are on the waitlist for.',
    offerBlock: '■ The time held for you',
    when: 'Date and time: ',
    menu: 'Menu: ',
    clinic: 'Clinic: ',
    phone: 'Phone: ',
    held: (until: string) => `We hold this time for you until ${until}. To book it, please use the link below before then.`,
    passOn: 'After that, it goes to the next person waiting.',
    joinedSubject: (clinic: string) => `[${clinic}] You are on the waitlist`,
    joinedLead: 'Thank you. You are on the waitlist.',
    joinedBlock: '■ Your registration',
    days: 'Dates: ',
    times: 'Times: ',
    anyTime: 'any time',
    joinedNext: 'When a time that fits frees up, we will let you know. You can see or leave the waitlist here:',
    mailOnly: ['* This address only sends mail; replies cannot be answered.', '* If this message is not for you, please delete it.'],
  },
  'zh-CN': {
    locale: 'zh-CN',
    dateTime: 'yyyy年M月d日(ccc) HH:mm',
    date: 'yyyy年M月d日(ccc)',
    greeting: (name: string) => `${name} 您好：`,
    from: (clinic: string) => `这里是${clinic}。`,
    offerSubject: (clinic: string) => `【${clinic}】您候补的时间有空位了`,
    offerLead: '您登记候补的项目有空位了，特此通知。',
    offerBlock: '■ 为您保留的时间',
    when: '日期时间：',
    menu: '项目：',
    clinic: '诊所：',
    phone: '电话：',
    held: (until: string) => `该时间为您保留至${until}。如需预约，请在期限前通过以下链接办理。`,
    passOn: '超过期限后，将通知下一位候补的顾客。',
    joinedSubject: (clinic: string) => `【${clinic}】已为您登记候补`,
    joinedLead: '已为您登记候补。',
    joinedBlock: '■ 登记内容',
    days: '希望日期：',
    times: '时间段：',
    anyTime: '全天',
    joinedNext: '有符合您希望的空位时，我们会通知您。可通过以下链接查看或取消候补：',
    mailOnly: ['※此邮件为系统自动发送，请勿回复。', '※如非本人，请删除此邮件。'],
  },
} as const;

const renderForeignWaitlist = (facts: MessageFacts & { readonly waitlist: WaitlistFacts }, language: 'en' | 'zh-CN', link: string): MessageText => {
  const words = WAITLIST_WORDS[language];
  const clinic = clinicLabel(facts.clinic.name);
  const at = (ms: number, format: string) => DateTime.fromMillis(ms, { zone: clinicZone }).setLocale(words.locale).toFormat(format);
  const day = (iso: string) => DateTime.fromISO(iso, { zone: clinicZone }).setLocale(words.locale).toFormat(words.date);
  const header = [words.greeting(facts.recipientName), '', words.from(clinic)];
  const signature = ['', '――――――――――――――', `${clinic}　TEL ${facts.clinic.phone}`, ...(facts.channel === 'MAIL' ? words.mailOnly : [])];
  const waitlist = facts.waitlist;
  if (facts.kind === 'WAITLIST_OFFER' && waitlist.offer) {
    return {
      subject: words.offerSubject(clinic),
      text: [
        ...header,
        words.offerLead,
        '',
        words.offerBlock,
        `${words.when}${at(waitlist.offer.startMs, words.dateTime)}–${at(waitlist.offer.endMs, 'HH:mm')}`,
        `${words.menu}${waitlist.menuName}`,
        `${words.clinic}${clinic}`,
        `${words.phone}${facts.clinic.phone}`,
        '',
        words.held(at(waitlist.offer.expiresAtMs, words.dateTime)),
        link,
        words.passOn,
        ...signature,
      ].join('\n'),
    };
  }
  const times = waitlist.times.length === 0 ? words.anyTime : waitlist.times.map((range) => `${range.start}–${range.end}`).join(', ');
  return {
    subject: words.joinedSubject(clinic),
    text: [
      ...header,
      words.joinedLead,
      '',
      words.joinedBlock,
      `${words.menu}${waitlist.menuName}`,
      `${words.days}${day(waitlist.from)}–${day(waitlist.to)}`,
      `${words.times}${times}`,
      `${words.clinic}${clinic}`,
      '',
      words.joinedNext,
      link,
      ...signature,
    ].join('\n'),
  };
};

export const renderWaitlistMessage =
  (facts: MessageFacts & { readonly waitlist: WaitlistFacts }): ((publicUrl: string) => MessageText) =>
  (publicUrl) => {
    const clinic = clinicLabel(facts.clinic.name);
    const waitlist = facts.waitlist;
    const link = waitlistLink(waitlist, publicUrl);
    if (facts.language === 'en' || facts.language === 'zh-CN') return renderForeignWaitlist(facts, facts.language, link);
    if (facts.kind === 'WAITLIST_OFFER' && waitlist.offer) {
      const offer = waitlist.offer;
      return {
        subject: `【${clinic}】キャンセル待ちのお時間が空きました`,
        text: [
          ...header(facts),
          'キャンセル待ちにご登録いただいたメニューに空きが出ましたので、ご案内いたします。',
          '',
          '■ご案内するお時間',
          `日時：${dateTime(offer.startMs)}〜${time(offer.endMs)}`,
          `メニュー：${waitlist.menuName}`,
          `クリニック：${clinic}`,
          `電話番号：${facts.clinic.phone}`,
          ...(facts.clinic.homepageUrl ? [facts.clinic.homepageUrl] : []),
          '',
          `このお時間は${monthDayTime(offer.expiresAtMs)}まで確保しております。ご予約される場合は、期限までに下記のURLからお手続きください。`,
          link,
          '期限を過ぎますと、次にお待ちの方へご案内いたします。',
          ...signature(facts),
        ].join('\n'),
      };
    }
    const times = waitlist.times.length === 0 ? '終日' : waitlist.times.map((range) => `${range.start}〜${range.end}`).join('、');
    return {
      subject: `【${clinic}】キャンセル待ちのご登録を承りました`,
      text: [
        ...header(facts),
        'キャンセル待ちのご登録を承りました。',
        '',
        '■ご登録内容',
        `メニュー：${waitlist.menuName}`,
        `ご希望日：${dateOnly(waitlist.from)}〜${dateOnly(waitlist.to)}`,
        `ご希望の時間帯：${times}`,
        `クリニック：${clinic}`,
        '',
        'ご希望に合うお時間が空きましたら、ご案内をお送りします。',
        'ご登録内容の確認・取り消しは、下記のURLから行えます。',
        link,
        ...signature(facts),
      ].join('\n'),
    };
  };
