import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formsPageLink, renderMessage, type MessageFacts, type RenderableKind } from './message-texts';

const ms = (local: string) => DateTime.fromISO(local, { zone: 'Asia/Tokyo' }).toMillis();
const facts = (kind: RenderableKind, overrides: Partial<Omit<MessageFacts, 'kind'>> = {}): MessageFacts & { kind: RenderableKind } => ({
  kind,
  channel: 'MAIL',
  recipientName: '山田 花子',
  audience: 'member',
  clinic: { name: '渋谷', phone: '03-1234-5678', homepageUrl: null, updateDeadlineHours: 24, cancelDeadlineHours: 24 },
  reservation: { id: '120', startMs: ms('2026-12-02T11:00'), endMs: ms('2026-12-02T12:00'), menuNames: ['医療脱毛（全身）'], preVisitNotes: [] },
  cancelToken: null,
  ...overrides,
});
const URL = 'https://yoyaku.example.jp/';
const SENT_AT = ms('2026-12-01T18:00');

describe('the forms page link in confirmations and reminders (docs/forms.md)', () => {
  it('is the member page or the guest token page', () => {
    expect(formsPageLink(facts('CONFIRMATION'), URL)).toBe('https://yoyaku.example.jp/user/mypage/reservations/120/forms/');
    expect(formsPageLink(facts('CONFIRMATION', { audience: 'guest', cancelToken: 'a/b' }), URL)).toBe('https://yoyaku.example.jp/guest/forms/?token=a%2Fb');
    expect(formsPageLink(facts('CONFIRMATION', { audience: 'guest' }), URL)).toBeNull();
  });

  it('is in the confirmation and the reminder while forms are pending, in every language, and never otherwise', () => {
    const link = 'https://yoyaku.example.jp/guest/forms/?token=tok';
    const guest = { audience: 'guest' as const, cancelToken: 'tok', formsPending: true };
    expect(renderMessage(facts('CONFIRMATION', guest), URL, SENT_AT).text).toContain(
      `ご来院前に、下記のURLから問診票・同意書のご記入をお願いいたします。\n${link}`,
    );
    expect(renderMessage(facts('REMINDER', guest), URL, SENT_AT).text).toContain(link);
    expect(renderMessage(facts('REMINDER', { ...guest, language: 'en' }), URL, SENT_AT).text).toContain(
      `Before your visit, please fill in the questionnaire and consent form at the link below.\n${link}`,
    );
    expect(renderMessage(facts('CONFIRMATION', { ...guest, language: 'zh-CN' }), URL, SENT_AT).text).toContain(link);
    expect(renderMessage(facts('CHANGE', guest), URL, SENT_AT).text).not.toContain('/forms/');
    expect(renderMessage(facts('CANCELLATION', guest), URL, SENT_AT).text).not.toContain('/forms/');
    expect(renderMessage(facts('REMINDER', { ...guest, formsPending: false }), URL, SENT_AT).text).not.toContain('/forms/');
  });
});
