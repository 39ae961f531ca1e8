import { DateTime } from 'luxon';
import { CLINIC_ZONE } from '../../shared/clock.port';
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
}

export interface MessageText {
  readonly subject: string;
  readonly text: string;
}

export type RenderableKind = Exclude<MessageKind, 'WAITLIST_OFFER'>;

/** "渋谷" → "渋谷院" (a name that already ends in 院 is kept). */
export const clinicLabel = (name: string): string => (name.endsWith('院') ? name : `${name}院`);

const dateTime = (ms: number): string => DateTime.fromMillis(ms, { zone: CLINIC_ZONE }).setLocale('ja').toFormat('yyyy年M月d日(ccc) HH:mm');
const time = (ms: number): string => DateTime.fromMillis(ms, { zone: CLINIC_ZONE }).toFormat('HH:mm');
const day = (ms: number): string => DateTime.fromMillis(ms, { zone: CLINIC_ZONE }).toISODate()!;

const base = (publicUrl: string): string => publicUrl.replace(/\/+$/, '');

/** The links a message carries: confirm the visit, change and cancel (members on their mypage). */
export const messageLinks = (facts: MessageFacts, publicUrl: string) => {
  const root = base(publicUrl);
  if (facts.audience === 'member') {
    return {
      confirm: `${root}/user/reservations/${facts.reservation.id}/confirm/`,
      change: `${root}/user/mypage/services/`,
      cancel: `${root}/user/mypage/services/`,
    };
  }
  const token = facts.cancelToken ? encodeURIComponent(facts.cancelToken) : null;
  return {
    confirm: token ? `${root}/guest/reservations/confirm/?token=${token}` : null,
    change: null,
    cancel: token ? `${root}/guest/reserve/cancel/?token=${token}` : null,
  };
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
  ...(facts.channel === 'MAIL' ? ['※このメールは送信専用です。ご返信いただいてもお答えできません。', '※お心当たりのない場合は、お手数ですが破棄してください。'] : []),
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
      const tomorrow = day(facts.reservation.startMs) === DateTime.fromMillis(nowMs, { zone: CLINIC_ZONE }).plus({ days: 1 }).toISODate();
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
