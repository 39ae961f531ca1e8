import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { renderMessage, type MessageFacts, type RenderableKind } from './message-texts';

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
    expect(text).toContain(['ご予約のキャンセルは、下記のURLから行えます。', 'https://yoyaku.example.jp/guest/reserve/cancel/?token=tok%2Fen', 'ご予約の変更は、お手数ですが渋谷院（03-1234-5678）までお電話でご連絡ください。'].join('\n'));
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
    const facts = member('REMINDER', { reservation: { ...member('REMINDER').reservation, preVisitNotes: ['照射部位のシェービングをしてからご来院ください。'] } });
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

  it('reminder to a guest: their confirm and cancel pages', () => {
    const text = renderMessage(member('REMINDER', { audience: 'guest', cancelToken: 'abc' }), URL, ms('2026-11-29T10:00')).text;
    expect(text).toContain('https://yoyaku.example.jp/guest/reservations/confirm/?token=abc');
    expect(text).toContain('https://yoyaku.example.jp/guest/reserve/cancel/?token=abc');
  });

  it('keeps a clinic name that already ends in 院', () => {
    expect(renderMessage(member('CONFIRMATION', { clinic: { ...member('CONFIRMATION').clinic, name: '銀座院' } }), URL, SENT_AT).subject).toBe('【銀座院】ご予約を承りました');
  });
});
