import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { lineButtons } from './line-buttons';
import type { MessageFacts } from './message-texts';

const ms = (local: string) => DateTime.fromISO(local, { zone: 'Asia/Tokyo' }).toMillis();

const facts = (kind: MessageFacts['kind'], overrides: Partial<MessageFacts> = {}): MessageFacts => ({
  kind,
  channel: 'LINE',
  recipientName: '山田 花子',
  audience: 'guest',
  clinic: { name: '渋谷', phone: '03-1234-5678', homepageUrl: null, updateDeadlineHours: 24, cancelDeadlineHours: 24 },
  reservation: { id: '120', startMs: ms('2026-12-02T11:00'), endMs: ms('2026-12-02T12:00'), menuNames: ['医療脱毛（全身）'], preVisitNotes: [] },
  cancelToken: 'tok',
  ...overrides,
});
const LINKS = { publicUrl: 'https://yoyaku.example.jp', lineAppUrl: 'https://liff.line.me/2001234567-AbCd' };

describe('the buttons of a LINE message', () => {
  it('a reminder: 来院します posts back the confirmation of this reservation; 変更・キャンセル opens my bookings in the LINE app', () => {
    expect(lineButtons(facts('REMINDER'), LINKS, ms('2026-12-01T18:00'))).toEqual([
      { kind: 'postback', label: '来院します', data: 'action=confirm&reservationId=120', displayText: '来院します' },
      // Past the deadlines the text gives the phone instead; here (17 h before) only the confirmation remains.
    ]);
    expect(lineButtons(facts('REMINDER'), LINKS, ms('2026-11-30T18:00'))).toEqual([
      { kind: 'postback', label: '来院します', data: 'action=confirm&reservationId=120', displayText: '来院します' },
      { kind: 'uri', label: '変更・キャンセル', uri: 'https://liff.line.me/2001234567-AbCd/reservations' },
    ]);
  });

  it('a confirmation has no 来院します; without a LINE app, 変更・キャンセル is the web link of the message', () => {
    expect(lineButtons(facts('CONFIRMATION'), LINKS, ms('2026-11-30T18:00'))).toEqual([
      { kind: 'uri', label: '変更・キャンセル', uri: 'https://liff.line.me/2001234567-AbCd/reservations' },
    ]);
    expect(lineButtons(facts('CONFIRMATION', { audience: 'member' }), { ...LINKS, lineAppUrl: null }, ms('2026-11-30T18:00'))).toEqual([
      { kind: 'uri', label: '変更・キャンセル', uri: 'https://yoyaku.example.jp/user/mypage/services/' },
    ]);
  });

  it('adds the forms page while forms are pending, and speaks the recipient’s language', () => {
    const buttons = lineButtons(facts('REMINDER', { language: 'en', pendingFormsUrl: 'https://yoyaku.example.jp/forms/120' }), LINKS, ms('2026-11-30T18:00'));
    expect(buttons.map((button) => button.label)).toEqual(['I will come', 'Change / cancel', 'Fill in the forms']);
  });

  it('no 来院します once the visit has begun', () => {
    expect(lineButtons(facts('REMINDER'), LINKS, ms('2026-12-02T11:00'))).toEqual([]);
  });

  it('a guest’s registration on the waitlist links to the entry’s page, in their language', () => {
    const joined = facts('CONFIRMATION', {
      language: 'en',
      waitlist: { entryId: '7', entryStatus: 'WAITING', menuName: '医療脱毛', from: '2026-12-01', to: '2026-12-05', times: [], token: 'tok en', offer: null },
    });
    expect(lineButtons(joined, LINKS, ms('2026-11-30T18:00'))).toEqual([
      { kind: 'uri', label: 'See your waitlist', uri: 'https://yoyaku.example.jp/guest/waitlist/?token=tok%20en' },
    ]);
  });

  it('a waitlist offer links to the page that takes the time', () => {
    const offer = facts('WAITLIST_OFFER', {
      waitlist: { entryId: '7', entryStatus: 'OFFERED', menuName: '医療脱毛', from: '2026-12-01', to: '2026-12-05', times: [], token: null, offer: null },
    });
    // A member's: the LINE app, which logs the linked member in and shows their waitlist; without a LINE app, the web page.
    expect(lineButtons(offer, LINKS, ms('2026-11-30T18:00'))).toEqual([
      { kind: 'uri', label: 'この時間で予約する', uri: 'https://liff.line.me/2001234567-AbCd/waitlist' },
    ]);
    expect(lineButtons(offer, { ...LINKS, lineAppUrl: null }, ms('2026-11-30T18:00'))).toEqual([
      { kind: 'uri', label: 'この時間で予約する', uri: 'https://yoyaku.example.jp/user/mypage/waitlist/' },
    ]);
  });
});
