import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { renderMessage, renderWaitlistMessage, type MessageFacts, type RenderableKind } from './message-texts';

const ms = (local: string) => DateTime.fromISO(local, { zone: 'Asia/Tokyo' }).toMillis();

const member = (kind: RenderableKind, overrides: Partial<Omit<MessageFacts, 'kind'>> = {}): MessageFacts & { kind: RenderableKind } => ({
  kind,
  channel: 'MAIL',
  recipientName: '山田 花子',
  audience: 'member',
  clinic: { name: '渋谷', phone: '03-1234-5678', homepageUrl: 'https://example.com/shibuya', updateDeadlineHours: 24, cancelDeadlineHours: 24 },
  reservation: { id: '120', startMs: ms('2026-12-02T11:00'), endMs: ms('2026-12-02T12:00'), menuNames: ['医療脱毛（全身）'], preVisitNotes: [] },
  cancelToken: null,
  ...overrides,
});
const URL = 'https://yoyaku.example.jp/';
const SENT_AT = ms('2026-11-24T10:00');

describe('the text of each message, as the clinic writes it', () => {
  it('confirmation to a member, with the mypage link and the deadlines', () => {
    expect(renderMessage(member('CONFIRMATION'), URL, SENT_AT)).toEqual({
      subject: '【渋谷院】ご予約を承りました',
      text: [
        '山田 花子 様',
        '',
        '渋谷院でございます。',
        'このたびはご予約いただき、誠にありがとうございます。',
        '下記の内容でご予約を承りました。',
        '',
        '■ご予約内容',
        '日時：2026年12月2日(水) 11:00〜12:00',
        'メニュー：医療脱毛（全身）',
        'クリニック：渋谷院',
        '電話番号：03-1234-5678',
        'https://example.com/shibuya',
        '',
        'ご予約の変更・キャンセルは、マイページから行えます。',
        'https://yoyaku.example.jp/user/mypage/services/',
        '（オンラインでの変更は来院の24時間前まで、キャンセルは24時間前まで承ります。）',
        '',
        'ご来院を心よりお待ちしております。',
        '',
        '――――――――――――――',
        '渋谷院　TEL 03-1234-5678',
        '※このメールは送信専用です。ご返信いただいてもお答えできません。',
        '※お心当たりのない場合は、お手数ですが破棄してください。',
      ].join('\n'),
    });
  });

  it('confirmation to a guest: the cancel link of their token, a change by phone', () => {
    const text = renderMessage(member('CONFIRMATION', { audience: 'guest', cancelToken: 'tok/en', recipientName: 'Guest 様子' }), URL, SENT_AT).text;
    expect(text).toContain(
      [
        'ご予約のキャンセルは、下記のURLから行えます。',
        'https://yoyaku.example.jp/guest/reserve/cancel/?token=tok%2Fen',
        'ご予約の変更は、お手数ですが渋谷院（03-1234-5678）までお電話でご連絡ください。',
      ].join('\n'),
    );
    expect(text).not.toContain('マイページ');
  });

  it('change', () => {
    const { subject, text } = renderMessage(member('CHANGE'), URL, SENT_AT);
    expect(subject).toBe('【渋谷院】ご予約の変更を承りました');
    expect(text.split('\n').slice(0, 11)).toEqual([
      '山田 花子 様',
      '',
      '渋谷院でございます。',
      'ご予約の変更を承りました。変更後のご予約内容は下記のとおりです。',
      '',
      '■ご予約内容',
      '日時：2026年12月2日(水) 11:00〜12:00',
      'メニュー：医療脱毛（全身）',
      'クリニック：渋谷院',
      '電話番号：03-1234-5678',
      'https://example.com/shibuya',
    ]);
  });

  it('cancellation, over LINE: no mail footer', () => {
    expect(renderMessage(member('CANCELLATION', { channel: 'LINE', clinic: { ...member('CANCELLATION').clinic, homepageUrl: null } }), URL, SENT_AT)).toEqual({
      subject: '【渋谷院】ご予約のキャンセルを承りました',
      text: [
        '山田 花子 様',
        '',
        '渋谷院でございます。',
        '下記のご予約のキャンセルを承りました。',
        '',
        '■ご予約内容',
        '日時：2026年12月2日(水) 11:00〜12:00',
        'メニュー：医療脱毛（全身）',
        'クリニック：渋谷院',
        '電話番号：03-1234-5678',
        '',
        'またのご来院を心よりお待ちしております。',
        '',
        '――――――――――――――',
        '渋谷院　TEL 03-1234-5678',
      ].join('\n'),
    });
  });

  it('reminder the day before: the pre-visit note, the confirm link, and past the deadlines the phone', () => {
    const facts = member('REMINDER', {
      reservation: { ...member('REMINDER').reservation, preVisitNotes: ['照射部位のシェービングをしてからご来院ください。'] },
    });
    expect(renderMessage(facts, URL, ms('2026-12-01T18:00'))).toEqual({
      subject: '【渋谷院】明日のご予約のお知らせ',
      text: [
        '山田 花子 様',
        '',
        '渋谷院でございます。',
        '明日のご予約について、ご案内いたします。',
        '',
        '■ご予約内容',
        '日時：2026年12月2日(水) 11:00〜12:00',
        'メニュー：医療脱毛（全身）',
        'クリニック：渋谷院',
        '電話番号：03-1234-5678',
        'https://example.com/shibuya',
        '',
        '■ご来院前のお願い',
        '照射部位のシェービングをしてからご来院ください。',
        '',
        'ご来院いただける場合は、お手数ですが下記のURLから「来院の確認」をお願いいたします。',
        'https://yoyaku.example.jp/user/reservations/120/confirm/',
        '',
        'ご予約の変更・キャンセルは、お手数ですが渋谷院（03-1234-5678）までお電話でご連絡ください。',
        '',
        'ご来院を心よりお待ちしております。',
        '',
        '――――――――――――――',
        '渋谷院　TEL 03-1234-5678',
        '※このメールは送信専用です。ご返信いただいてもお答えできません。',
        '※お心当たりのない場合は、お手数ですが破棄してください。',
      ].join('\n'),
    });
  });

  it('reminder days ahead, still inside the deadlines: the links, and no "tomorrow"', () => {
    const { subject, text } = renderMessage(member('REMINDER'), URL, ms('2026-11-29T10:00'));
    expect(subject).toBe('【渋谷院】ご予約日時のお知らせ');
    expect(text).toContain('ご予約の日時について、ご案内いたします。');
    expect(text).toContain('ご予約の変更・キャンセルは、マイページから行えます。');
  });

  it('reminder to a guest: the confirm page with the confirm-only token, the cancel page with the cancel token', () => {
    const text = renderMessage(member('REMINDER', { audience: 'guest', cancelToken: 'abc', visitToken: 'vis' }), URL, ms('2026-11-29T10:00')).text;
    expect(text).toContain('https://yoyaku.example.jp/guest/reservations/confirm/?token=vis');
    expect(text).not.toContain('confirm/?token=abc');
    expect(text).toContain('https://yoyaku.example.jp/guest/reserve/cancel/?token=abc');
  });

  it('reminder to a guest who booked before confirm-only tokens: no confirm link', () => {
    const text = renderMessage(member('REMINDER', { audience: 'guest', cancelToken: 'abc' }), URL, ms('2026-11-29T10:00')).text;
    expect(text).not.toContain('/guest/reservations/confirm/');
    expect(text).toContain('https://yoyaku.example.jp/guest/reserve/cancel/?token=abc');
  });

  it('keeps a clinic name that already ends in 院', () => {
    expect(renderMessage(member('CONFIRMATION', { clinic: { ...member('CONFIRMATION').clinic, name: '銀座院' } }), URL, SENT_AT).subject).toBe(
      '【銀座院】ご予約を承りました',
    );
  });
});

describe('the texts in the recipient language', () => {
  it('an English confirmation to a guest: the same parts, the date in English, the cancel link', () => {
    const { subject, text } = renderMessage(
      member('CONFIRMATION', { audience: 'guest', cancelToken: 'tok', recipientName: 'Emily Johnson', language: 'en' }),
      URL,
      SENT_AT,
    );
    expect(subject).toBe('[渋谷院] Your booking is confirmed');
    expect(text).toContain(['Dear Emily Johnson,', '', 'This is 渋谷院.', 'Thank you for your booking.'].join('\n'));
    expect(text).toContain('Date and time: Wed, December 2, 2026 11:00–12:00 (Japan time)');
    expect(text).toContain(
      [
        'You can cancel your booking at the link below.',
        'https://yoyaku.example.jp/guest/reserve/cancel/?token=tok',
        'To change your booking, please call 渋谷院 (03-1234-5678).',
      ].join('\n'),
    );
    expect(text).not.toMatch(/[\u3040-\u30ff]/);
  });

  it('a Chinese reminder with the pre-visit note, tomorrow', () => {
    const facts = member('REMINDER', {
      language: 'zh-CN',
      reservation: {
        id: '120',
        startMs: ms('2026-11-25T11:00'),
        endMs: ms('2026-11-25T12:00'),
        menuNames: ['全身脱毛'],
        preVisitNotes: ['请在来院前剃除施术部位的毛发。'],
      },
    });
    const { subject, text } = renderMessage(facts, URL, SENT_AT);
    expect(subject).toBe('【渋谷院】明天的预约提醒');
    expect(text).toContain('日期时间：2026年11月25日周三 11:00–12:00（日本时间）');
    expect(text).toContain(['■来院前须知', '请在来院前剃除施术部位的毛发。'].join('\n'));
    expect(text).toContain('https://yoyaku.example.jp/user/reservations/120/confirm/');
  });

  it('Japanese stays as it was when the language is ja', () => {
    expect(renderMessage(member('CONFIRMATION', { language: 'ja' }), URL, SENT_AT)).toEqual(renderMessage(member('CONFIRMATION'), URL, SENT_AT));
  });
});

describe('the waitlist messages', () => {
  const waitlist = {
    entryId: '31',
    entryStatus: 'OFFERED',
    menuName: '医療脱毛（全身）',
    from: '2026-12-01',
    to: '2026-12-07',
    times: [{ start: '10:00', end: '13:00' }],
    token: null,
    offer: { startMs: ms('2026-12-03T10:30'), endMs: ms('2026-12-03T11:30'), expiresAtMs: ms('2026-11-30T15:30'), status: 'OFFERED' },
  };
  const offer = (overrides: Partial<MessageFacts> = {}) => ({ ...member('CONFIRMATION'), kind: 'WAITLIST_OFFER' as const, waitlist, ...overrides });

  it('an offer to a member: the time held, its deadline and the waitlist page', () => {
    expect(renderWaitlistMessage(offer())(URL)).toEqual({
      subject: '【渋谷院】キャンセル待ちのお時間が空きました',
      text: [
        '山田 花子 様',
        '',
        '渋谷院でございます。',
        'キャンセル待ちにご登録いただいたメニューに空きが出ましたので、ご案内いたします。',
        '',
        '■ご案内するお時間',
        '日時：2026年12月3日(木) 10:30〜11:30',
        'メニュー：医療脱毛（全身）',
        'クリニック：渋谷院',
        '電話番号：03-1234-5678',
        'https://example.com/shibuya',
        '',
        'このお時間は11月30日(月) 15:30まで確保しております。ご予約される場合は、期限までに下記のURLからお手続きください。',
        'https://yoyaku.example.jp/user/mypage/waitlist/',
        '期限を過ぎますと、次にお待ちの方へご案内いたします。',
        '',
        '――――――――――――――',
        '渋谷院　TEL 03-1234-5678',
        '※このメールは送信専用です。ご返信いただいてもお答えできません。',
        '※お心当たりのない場合は、お手数ですが破棄してください。',
      ].join('\n'),
    });
  });

  it("a guest's registration mail carries the token's page; English and Chinese in the person's language", () => {
    const joined = renderWaitlistMessage({
      ...member('CONFIRMATION'),
      audience: 'guest',
      waitlist: { ...waitlist, entryStatus: 'WAITING', offer: null, token: 'tok en' },
    })(URL);
    expect(joined.subject).toBe('【渋谷院】キャンセル待ちのご登録を承りました');
    expect(joined.text).toContain('ご希望の時間帯：10:00〜13:00');
    expect(joined.text).toContain('https://yoyaku.example.jp/guest/waitlist/?token=tok%20en');
    const english = renderWaitlistMessage(offer({ language: 'en' }))(URL);
    expect(english.subject).toBe('[渋谷院] A time you are waiting for is free');
    expect(english.text).toContain('Date and time: Thu, 3 Dec 2026, 10:30–11:30');
    expect(english.text).toContain('We hold this time for you until Mon, 30 Nov 2026, 15:30.');
    const chinese = renderWaitlistMessage(offer({ language: 'zh-CN' }))(URL);
    expect(chinese.subject).toBe('【渋谷院】您候补的时间有空位了');
    expect(chinese.text).toContain('https://yoyaku.example.jp/user/mypage/waitlist/');
  });
});
