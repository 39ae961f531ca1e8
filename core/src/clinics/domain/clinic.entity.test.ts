import { describe, expect, it } from 'vitest';
import { validateClinicSettings, validateHoliday, type ClinicSettings } from './clinic.entity';

const settings = (overrides: Partial<ClinicSettings> = {}): ClinicSettings => ({
  name: '渋谷',
  phone: '03',
  homepageUrl: null,
  webBookingEnabled: true,
  hokenCategoryId: null,
  openingHours: [{ weekday: 1, open: '10:00', close: '19:00' }],
  updateDeadlineHours: 24,
  cancelDeadlineHours: 24,
  minLeadMinutes: 60,
  ...overrides,
});

describe('validateClinicSettings', () => {
  it('accepts 15-minute hours and sorts them by weekday', () => {
    const result = validateClinicSettings(
      settings({
        openingHours: [
          { weekday: 6, open: '09:15', close: '24:00' },
          { weekday: 0, open: '10:00', close: '18:45' },
        ],
      }),
    );
    expect(result.ok && result.value.openingHours.map((hours) => hours.weekday)).toEqual([0, 6]);
  });

  it('refuses hours off the grid, closing before opening, and a weekday given twice', () => {
    const result = validateClinicSettings(
      settings({
        openingHours: [
          { weekday: 1, open: '10:05', close: '19:00' },
          { weekday: 2, open: '12:00', close: '11:00' },
          { weekday: 2, open: '10:00', close: '11:00' },
        ],
      }),
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.fields?.map((field) => field.path)).toEqual(['openingHours.0.open', 'openingHours.1.close', 'openingHours.2.weekday']);
  });

  it('refuses a blank name and a lead time off the grid', () => {
    const result = validateClinicSettings(settings({ name: '  ', minLeadMinutes: 10 }));
    expect(!result.ok && result.error.fields?.map((field) => field.path)).toEqual(['name', 'minLeadMinutes']);
  });
});

describe('clinic breaks', () => {
  const hours = [
    { weekday: 1, open: '10:00', close: '19:00' },
    { weekday: 2, open: '12:00', close: '20:00' },
  ];
  const fields = (breaks: ClinicSettings['breaks']) => {
    const result = validateClinicSettings(settings({ openingHours: hours, breaks }));
    return result.ok ? [] : result.error.fields?.map((field) => `${field.path}: ${field.message}`);
  };

  it('accepts breaks inside the hours and orders every-day breaks first', () => {
    const result = validateClinicSettings(
      settings({
        openingHours: hours,
        breaks: [
          { weekday: 2, start: '15:00', end: '15:15' },
          { weekday: null, start: '13:00', end: '14:00' },
        ],
      }),
    );
    expect(result.ok && result.value.breaks).toEqual([
      { weekday: null, start: '13:00', end: '14:00' },
      { weekday: 2, start: '15:00', end: '15:15' },
    ]);
  });

  it('refuses a break off the grid, ending before it starts, outside the day or overlapping another', () => {
    expect(fields([{ weekday: 1, start: '13:10', end: '14:00' }])).toEqual(['breaks.0.start: 休憩の開始時刻は15分単位で入力してください。']);
    expect(fields([{ weekday: 1, start: '14:00', end: '13:00' }])).toEqual(['breaks.0.end: 休憩の終了時刻は開始時刻より後にしてください。']);
    expect(fields([{ weekday: 1, start: '18:30', end: '19:15' }])).toEqual(['breaks.0.start: 休憩時間はその曜日の診療時間内にしてください。']);
    expect(fields([{ weekday: 0, start: '12:00', end: '13:00' }])).toEqual(['breaks.0.start: 休憩時間はその曜日の診療時間内にしてください。']);
    // Every day: inside the hours of each open day (Tuesday opens at 12:00).
    expect(fields([{ weekday: null, start: '11:00', end: '12:00' }])).toEqual(['breaks.0.start: 毎日の休憩は、すべての診療日の診療時間内にしてください。']);
    expect(
      fields([
        { weekday: null, start: '13:00', end: '14:00' },
        { weekday: 2, start: '13:45', end: '14:30' },
      ]),
    ).toEqual(['breaks.1.start: 休憩時間が1件目の休憩と重なっています。']);
    // Back to back is fine.
    expect(
      fields([
        { weekday: 1, start: '13:00', end: '14:00' },
        { weekday: 1, start: '14:00', end: '14:30' },
      ]),
    ).toEqual([]);
  });

  it('refuses an every-day break when the clinic has no opening hours', () => {
    const result = validateClinicSettings(settings({ openingHours: [], breaks: [{ weekday: null, start: '13:00', end: '14:00' }] }));
    expect(result.ok).toBe(false);
  });
});

describe('validateHoliday', () => {
  it('accepts today and later, trims the name, and refuses past or impossible dates', () => {
    expect(validateHoliday({ date: '2026-12-01', name: ' 院内研修 ' }, '2026-12-01')).toEqual({ ok: true, value: { date: '2026-12-01', name: '院内研修' } });
    expect(validateHoliday({ date: '2026-11-30', name: '' }, '2026-12-01')).toMatchObject({
      ok: false,
      error: { fields: [{ path: 'date', message: '過去の日付は休診日に登録できません。' }] },
    });
    expect(validateHoliday({ date: '2027-02-30', name: '' }, '2026-12-01').ok).toBe(false);
    expect(validateHoliday({ date: '2027-01-01', name: 'あ'.repeat(51) }, '2026-12-01').ok).toBe(false);
  });
});
