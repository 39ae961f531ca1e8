import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n';
import { clinicBody, clinicToForm, newBreak, newReminder, validateClinicForm } from './clinic/clinic-form';
import { emptyMenuForm, menuBody, moveItem, newTask, validateMenuForm } from './menus/menu-form';
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
    const bad = { ...form, reminders: [...form.reminders, newReminder({ kind: 'HOURS_BEFORE', hours: '73' }), newReminder({ kind: 'DAY_BEFORE', at: '18:00' })] };
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

describe('reorderIds', () => {
  it('moves the dragged ids before or after the target', () => {
    expect(reorderIds(['a', 'b', 'c'], ['a'], 'b', 'after')).toEqual(['b', 'a', 'c']);
    expect(reorderIds(['a', 'b', 'c'], ['c'], 'a', 'before')).toEqual(['c', 'a', 'b']);
  });
});
