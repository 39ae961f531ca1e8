import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n';
import { clinicBody, clinicToForm, newBreak, newReminder, validateClinicForm } from './clinic/clinic-form';
import { emptyMenuForm, menuBody, menuToForm, moveItem, newTask, validateMenuForm } from './menus/menu-form';
import { emptyTranslationsForm, languageList, translationGaps, translationsBody, validateTranslationsForm } from './menus/translations';
import { reorderIds } from './shared/SortableList';

describe('clinic form', () => {
  it('needs a name and open before close, and sends only open days', () => {
    const form = clinicToForm();
    const monday = form.days[0]!;
    form.days[0] = { ...monday, open: '18:00', close: '09:00' };
    const errors = validateClinicForm(form, translate);
    expect(errors.name).toBe('クリニック名を入力してください。');
    expect(errors['days.1']).toBe('終了時刻は開始時刻より後にしてください。');

    const ok = { ...clinicToForm(), name: '青山' };
    ok.days = ok.days.map((d) => (d.weekday === 0 ? { ...d, closed: true } : d));
    expect(validateClinicForm(ok, translate)).toEqual({});
    expect(clinicBody(ok).openingHours.map((h) => h.weekday)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('refuses times off the 15-minute grid and breaks outside the opening hours', () => {
    const form = { ...clinicToForm(), name: '青山' };
    form.days[1] = { ...form.days[1]!, open: '10:10' };
    form.breaks = [newBreak({ weekday: 3, start: '08:00', end: '09:00' })];
    const errors = validateClinicForm(form, translate);
    expect(errors['days.2']).toBe('時刻は15分単位で入力してください。');
    expect(errors['breaks.0']).toBe('休憩時間はその曜日の営業時間内にしてください。');
  });
});

describe('clinic waitlist and no-show settings', () => {
  it('defaults to a 30-minute hold, no limit and a 180-day window; an empty limit is null', () => {
    const form = { ...clinicToForm(), name: '青山' };
    expect(clinicBody(form)).toMatchObject({ waitlistHoldMinutes: 30, noShowLimit: null, noShowWindowDays: 180 });
    expect(clinicBody({ ...form, noShowLimit: '3', noShowWindowDays: '90', waitlistHoldMinutes: '45' })).toMatchObject({
      waitlistHoldMinutes: 45,
      noShowLimit: 3,
      noShowWindowDays: 90,
    });
  });

  it('refuses a hold, limit or window out of range with a Japanese reason', () => {
    const form = { ...clinicToForm(), name: '青山', waitlistHoldMinutes: '0', noShowLimit: '0', noShowWindowDays: 'x' };
    const errors = validateClinicForm(form, translate);
    expect(errors.waitlistHoldMinutes).toContain('1〜1440');
    expect(errors.noShowLimit).toContain('1〜100');
    expect(errors.noShowWindowDays).toContain('1〜3650');
  });
});

describe('clinic reminders', () => {
  it('starts with the day before at 18:00, sends the rules, and refuses bad hours and duplicates', () => {
    const form = { ...clinicToForm(), name: '青山' };
    expect(clinicBody(form).reminderRules).toEqual([{ kind: 'DAY_BEFORE', at: '18:00' }]);
    form.reminders = [...form.reminders, newReminder({ kind: 'HOURS_BEFORE', hours: '3' })];
    expect(validateClinicForm(form, translate)).toEqual({});
    expect(clinicBody(form).reminderRules).toEqual([
      { kind: 'DAY_BEFORE', at: '18:00' },
      { kind: 'HOURS_BEFORE', hours: 3 },
    ]);
    const bad = {
      ...form,
      reminders: [...form.reminders, newReminder({ kind: 'HOURS_BEFORE', hours: '73' }), newReminder({ kind: 'DAY_BEFORE', at: '18:00' })],
    };
    const errors = validateClinicForm(bad, translate);
    expect(errors['reminderRules.2']).toBe('1〜72の整数で入力してください。');
    expect(errors['reminderRules.3']).toBe('同じリマインドが重複しています。');
    expect(errors.reminderRules).toBe('リマインドは3件までです。');
  });
});

describe('menu form', () => {
  it('needs a name and whole-yen price; durations are 15-minute steps', () => {
    const form = { ...emptyMenuForm('c1'), price: 'abc', tasks: [newTask({ durationMinutes: 20 })] };
    const errors = validateMenuForm(form, translate);
    expect(errors.name).toBe('メニュー名を入力してください。');
    expect(errors.price).toBe('0以上の整数で入力してください。');
    expect(errors['tasks.0.durationMinutes']).toBeDefined();
  });

  it('sends the tasks in their order', () => {
    const form = {
      ...emptyMenuForm('c1'),
      name: ' 光治療 ',
      price: '15000',
      tasks: [newTask({ label: 'A', durationMinutes: 30 }), newTask({ label: 'B', durationMinutes: 45, roomIds: ['r1'] })],
    };
    form.tasks = moveItem(form.tasks, 1, 0);
    const body = menuBody(form);
    expect(body.name).toBe('光治療');
    expect(body.price).toBe(15000);
    expect(body.tasks.map((t) => t.label)).toEqual(['B', 'A']);
    expect(body.tasks[0]).toEqual({ label: 'B', durationMinutes: 45, needsStaff: true, roomIds: ['r1'], machineIds: [] });
  });

  it('sends the 来院前のご案内 trimmed and refuses one over 500 characters', () => {
    const form = { ...emptyMenuForm('c1'), name: '全身脱毛', preVisitNote: ' 施術部位のシェービングをしてご来院ください。\n' };
    expect(validateMenuForm(form, translate)).toEqual({});
    expect(menuBody(form).preVisitNote).toBe('施術部位のシェービングをしてご来院ください。');
    expect(validateMenuForm({ ...form, preVisitNote: 'あ'.repeat(501) }, translate).preVisitNote).toBe('来院前のご案内は500文字以内で入力してください。');
  });
});

describe('menu and category translations', () => {
  const menu = {
    id: 'm1',
    clinicId: 'c1',
    categoryId: 'c1',
    name: '全身脱毛',
    description: '顔・VIOを除く全身',
    preVisitNote: '前日までにシェービングをしてください。',
    displayOrder: 0,
    enabled: true,
    webBookable: true,
    kind: 'NEW' as const,
    price: 19800,
    afterMenuId: null,
    durationMinutes: 60,
    tasks: [{ id: 't1', position: 1, label: '', durationMinutes: 60, needsStaff: true, roomIds: [], machineIds: [] }],
    translations: { en: { name: 'Full-body hair removal', preVisitNote: 'Please shave the day before.' } },
    missingTranslations: ['zh-CN' as const],
  };

  it('loads the stored English and Chinese texts into the form and sends every language trimmed', () => {
    const form = menuToForm(menu);
    expect(form.translations.en).toEqual({ name: 'Full-body hair removal', description: '', preVisitNote: 'Please shave the day before.' });
    expect(form.translations['zh-CN']).toEqual({ name: '', description: '', preVisitNote: '' });
    form.translations['zh-CN'] = { name: ' 全身脱毛 ', description: ' 除面部和VIO外的全身\n', preVisitNote: '' };
    expect(validateMenuForm(form, translate)).toEqual({});
    expect(menuBody(form).translations).toEqual({
      en: { name: 'Full-body hair removal', description: '', preVisitNote: 'Please shave the day before.' },
      'zh-CN': { name: '全身脱毛', description: '除面部和VIO外的全身', preVisitNote: '' },
    });
    // A new menu sends blank names: no translation (guests see the Japanese).
    expect(menuBody({ ...emptyMenuForm('c1'), name: 'ピコ' }).translations).toEqual({
      en: { name: '', description: '', preVisitNote: '' },
      'zh-CN': { name: '', description: '', preVisitNote: '' },
    });
  });

  it('refuses a translated description or note without its name, and one over the limits, in Japanese', () => {
    const form = { ...emptyMenuForm('c1'), name: 'ピコ' };
    form.translations = {
      ...emptyTranslationsForm(),
      en: { name: '', description: 'Toning', preVisitNote: '' },
      'zh-CN': { name: '皮秒', description: '', preVisitNote: '好'.repeat(501) },
    };
    const errors = validateMenuForm(form, translate);
    expect(errors['translations.en.name']).toBe('説明や来院前のご案内を翻訳するときは、英語の名称も入力してください。');
    expect(errors['translations.zh-CN.preVisitNote']).toBe('中国語（簡体字）の来院前のご案内は500文字以内で入力してください。');
    const names = { ...emptyTranslationsForm(), en: { name: 'x'.repeat(51), description: '', preVisitNote: '' } };
    expect(validateTranslationsForm(names, translate, 'category')['translations.en.name']).toBe('英語の名称は50文字以内で入力してください。');
    expect(translationsBody(names, 'category')).toEqual({ en: { name: 'x'.repeat(51) }, 'zh-CN': { name: '' } });
  });

  it('marks the languages without a name, and those lacking a text the Japanese menu has', () => {
    expect(translationGaps({ translations: {}, missingTranslations: ['en', 'zh-CN'] })).toEqual({ missing: ['en', 'zh-CN'], partial: [] });
    expect(translationGaps({})).toEqual({ missing: ['en', 'zh-CN'], partial: [] });
    expect(translationGaps({ translations: menu.translations, missingTranslations: ['en', 'zh-CN'] })).toEqual({ missing: ['zh-CN'], partial: ['en'] });
    expect(translationGaps({ translations: { en: { name: 'Body' }, 'zh-CN': { name: '身体' } }, missingTranslations: [] })).toEqual({
      missing: [],
      partial: [],
    });
    expect(languageList(translate, ['en', 'zh-CN'])).toBe('英語・中国語');
    expect(translate('adminSetup.translations.missing', { languages: languageList(translate, ['en', 'zh-CN']) })).toBe('翻訳なし: 英語・中国語');
  });
});

describe('reorderIds', () => {
  it('moves the dragged ids before or after the target', () => {
    expect(reorderIds(['a', 'b', 'c'], ['a'], 'b', 'after')).toEqual(['b', 'a', 'c']);
    expect(reorderIds(['a', 'b', 'c'], ['c'], 'a', 'before')).toEqual(['c', 'a', 'b']);
  });
});
