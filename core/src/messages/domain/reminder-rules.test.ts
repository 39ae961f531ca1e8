import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { reminderTimes, validateReminderRules } from './reminder-rules';
import { chooseAddress, retryDelayMs } from './message.entity';

const ms = (local: string) => DateTime.fromISO(local, { zone: 'Asia/Tokyo' }).toMillis();
const local = (at: number) => DateTime.fromMillis(at, { zone: 'Asia/Tokyo' }).toFormat("yyyy-MM-dd'T'HH:mm");

describe('reminder times', () => {
  const start = ms('2026-12-02T11:00');
  it('the day before at the rule time, and N hours before, in time order', () => {
    expect(
      reminderTimes(
        [
          { kind: 'HOURS_BEFORE', hours: 3 },
          { kind: 'DAY_BEFORE', at: '18:00' },
        ],
        start,
        'Asia/Tokyo',
        ms('2026-11-20T10:00'),
      ).map(local),
    ).toEqual(['2026-12-01T18:00', '2026-12-02T08:00']);
  });
  it('skips a rule whose time has already passed when the booking is made', () => {
    expect(
      reminderTimes(
        [
          { kind: 'DAY_BEFORE', at: '18:00' },
          { kind: 'HOURS_BEFORE', hours: 2 },
        ],
        start,
        'Asia/Tokyo',
        ms('2026-12-01T20:00'),
      ).map(local),
    ).toEqual(['2026-12-02T09:00']);
    expect(reminderTimes([{ kind: 'HOURS_BEFORE', hours: 2 }], start, 'Asia/Tokyo', ms('2026-12-02T09:30'))).toEqual([]);
  });
  it('sends one reminder for two rules on the same minute', () => {
    expect(
      reminderTimes(
        [
          { kind: 'DAY_BEFORE', at: '11:00' },
          { kind: 'HOURS_BEFORE', hours: 24 },
        ],
        start,
        'Asia/Tokyo',
        0,
      ),
    ).toHaveLength(1);
  });
  it('validates rules with Japanese reasons', () => {
    expect(
      validateReminderRules([
        { kind: 'DAY_BEFORE', at: '18:00' },
        { kind: 'HOURS_BEFORE', hours: 2 },
      ]),
    ).toEqual([]);
    expect(validateReminderRules([{ kind: 'DAY_BEFORE', at: '25:00' }])[0]!.message).toBe('時刻は00:00〜23:59で入力してください。');
    expect(validateReminderRules([{ kind: 'HOURS_BEFORE', hours: 0 }])[0]!.path).toBe('reminderRules.0.hours');
    expect(
      validateReminderRules([
        { kind: 'HOURS_BEFORE', hours: 2 },
        { kind: 'HOURS_BEFORE', hours: 2 },
      ])[0]!.message,
    ).toBe('同じリマインドが重複しています。');
    expect(validateReminderRules(Array.from({ length: 4 }, (_, i) => ({ kind: 'HOURS_BEFORE' as const, hours: i + 1 })))[0]!.message).toBe(
      'リマインドは3件までです。',
    );
  });
});

describe('the channel of a person', () => {
  const linked = { email: 'a@example.jp', lineUserId: 'U1', preference: null };
  it('LINE when linked and LINE pushes are on, else mail; their choice first; none when they chose so', () => {
    expect(chooseAddress(linked, true)).toEqual({ channel: 'LINE', to: 'U1' });
    expect(chooseAddress(linked, false)).toEqual({ channel: 'MAIL', to: 'a@example.jp' });
    expect(chooseAddress({ ...linked, preference: 'MAIL' }, true)).toEqual({ channel: 'MAIL', to: 'a@example.jp' });
    expect(chooseAddress({ ...linked, preference: 'NONE' }, true)).toBeNull();
    expect(chooseAddress({ email: null, lineUserId: null, preference: null }, true)).toBeNull();
    expect(chooseAddress({ email: null, lineUserId: 'U1', preference: 'MAIL' }, true)).toEqual({ channel: 'LINE', to: 'U1' });
  });
  it('retries after the base delay, doubling', () => {
    expect([1, 2, 3, 7].map((attempts) => retryDelayMs(attempts, 5000))).toEqual([5000, 10_000, 20_000, 320_000]);
  });
});
