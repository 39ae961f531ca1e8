import { describe, expect, it } from 'vitest';
import { buildIcs } from './guest-done';

describe('the .ics file', () => {
  const ics = buildIcs({
    uid: 'r1@clinic',
    startsAt: '2026-12-01T01:30:00Z',
    endsAt: '2026-12-01T02:30:00Z',
    summary: '新規カウンセリング（渋谷院）',
    location: '渋谷院',
    description: '渋谷院, 03-1234-5678; お気をつけて',
    stamp: new Date('2026-11-20T00:00:00Z'),
  });
  const lines = ics.split('\r\n');

  it('is one VEVENT in Asia/Tokyo wall-clock time with the clinic as location', () => {
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('DTSTART;TZID=Asia/Tokyo:20261201T103000');
    expect(lines).toContain('DTEND;TZID=Asia/Tokyo:20261201T113000');
    expect(lines).toContain('TZOFFSETTO:+0900');
    expect(lines).toContain('LOCATION:渋谷院');
    expect(lines).toContain('DTSTAMP:20261120T000000Z');
    expect(lines).toContain('UID:r1@clinic');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('escapes commas and semicolons and folds lines at 75 octets', () => {
    expect(ics).toContain('DESCRIPTION:渋谷院\\, 03-1234-5678\\; お気をつけて');
    const long = buildIcs({ uid: 'u', startsAt: '2026-12-01T01:30:00Z', endsAt: '2026-12-01T02:30:00Z', summary: 'あ'.repeat(60), location: 'x' });
    const encoder = new TextEncoder();
    for (const line of long.split('\r\n')) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    // Unfolding gives the text back.
    expect(long.replace(/\r\n /g, '')).toContain(`SUMMARY:${'あ'.repeat(60)}`);
  });
});
