import { messageLinks, waitlistLink, type MessageButton, type MessageFacts } from './message-texts';

/** The postback data of the 来院します button of a reminder (LINE's webhook reads it back: line/domain). */
export const confirmPostbackData = (reservationId: string): string => `action=confirm&reservationId=${reservationId}`;

const LABELS = {
  ja: {
    confirm: '来院します',
    manage: '変更・キャンセル',
    forms: '問診票・同意書に回答',
    offer: 'この時間で予約する',
    book: '予約する',
    waitlist: 'キャンセル待ちを確認',
  },
  en: { confirm: 'I will come', manage: 'Change / cancel', forms: 'Fill in the forms', offer: 'Book this time', book: 'Book', waitlist: 'See your waitlist' },
  'zh-CN': { confirm: '我会按时来院', manage: '变更・取消', forms: '填写问诊表・同意书', offer: '预约此时间', book: '预约', waitlist: '查看候补' },
} as const;

export interface LineButtonLinks {
  /** The web app's address (links of the web pages). */
  readonly publicUrl: string;
  /** The LINE app's address (`https://liff.line.me/{LIFF_ID}`), or null without a LINE app. */
  readonly lineAppUrl: string | null;
}

/**
 * The buttons of a message to a LINE user: 来院します (a postback the webhook records as the
 * visit's confirmation) on a reminder of a visit still ahead; 変更・キャンセル, which opens the
 * LINE app's "my bookings" (else the web page of the message's own links) while the clinic's
 * deadlines allow it; the forms page while forms are pending; on a waitlist offer, the page to
 * take the time, on a guest's registration, the page of the entry. In the recipient's language.
 */
export const lineButtons = (facts: MessageFacts, links: LineButtonLinks, nowMs: number): MessageButton[] => {
  const words = LABELS[facts.language ?? 'ja'];
  const buttons: MessageButton[] = [];
  if (facts.kind === 'WAITLIST_OFFER') {
    // A member opens the LINE app (LINE logs them in there, the linked member) and lands on their
    // waitlist; a guest's link carries the entry's token and opens anywhere.
    const take =
      facts.waitlist && !facts.waitlist.token && links.lineAppUrl
        ? `${links.lineAppUrl}/waitlist`
        : facts.waitlist && waitlistLink(facts.waitlist, links.publicUrl);
    if (take) buttons.push({ kind: 'uri', label: words.offer, uri: take });
    return buttons;
  }
  // A guest's registration on the waitlist: the page to see, accept or leave it.
  if (facts.waitlist) return [{ kind: 'uri', label: words.waitlist, uri: waitlistLink(facts.waitlist, links.publicUrl) }];
  const startMs = facts.reservation.startMs;
  if (facts.kind === 'CANCELLATION') {
    if (links.lineAppUrl) buttons.push({ kind: 'uri', label: words.book, uri: `${links.lineAppUrl}/` });
    return buttons;
  }
  if (facts.kind === 'REMINDER' && nowMs < startMs) {
    buttons.push({ kind: 'postback', label: words.confirm, data: confirmPostbackData(facts.reservation.id), displayText: words.confirm });
  }
  const web = messageLinks(facts, links.publicUrl);
  const manage = links.lineAppUrl ? `${links.lineAppUrl}/reservations` : (web.change ?? web.cancel);
  // While a change or a cancel is still allowed online (the text gives the phone otherwise).
  const stillOnline = nowMs <= startMs - Math.min(facts.clinic.updateDeadlineHours, facts.clinic.cancelDeadlineHours) * 3_600_000;
  if (manage && stillOnline) buttons.push({ kind: 'uri', label: words.manage, uri: manage });
  if (facts.pendingFormsUrl) buttons.push({ kind: 'uri', label: words.forms, uri: facts.pendingFormsUrl });
  return buttons;
};
