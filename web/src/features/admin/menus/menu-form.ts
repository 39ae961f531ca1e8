import type { Translate } from '../../../i18n';
import type { FieldErrors } from '../shared/form-errors';
import { DURATIONS, parseWholeNumber } from '../shared/time';
import type { Menu, MenuKind } from '../shared/types';
import { emptyTranslationsForm, translationsBody, translationsToForm, validateTranslationsForm, type TranslationsForm } from './translations';

export const MAX_TASKS = 10;

export interface TaskForm {
  /** Stable React key while tasks are added, removed and moved. */
  key: string;
  label: string;
  durationMinutes: number;
  needsStaff: boolean;
  roomIds: string[];
  machineIds: string[];
}

export const PRE_VISIT_NOTE_MAX = 500;

export interface MenuForm {
  categoryId: string;
  name: string;
  description: string;
  preVisitNote: string;
  kind: MenuKind;
  price: string;
  enabled: boolean;
  webBookable: boolean;
  afterMenuId: string | null;
  tasks: TaskForm[];
  /** English and Chinese name, description and 来院前のご案内 (blank: the guest sees the Japanese). */
  translations: TranslationsForm;
  /** The 問診票 and 同意書 the menu asks for (docs/forms.md); undefined: not shown, not sent. */
  forms?: MenuFormLink[];
}

export type MenuFormWhen = 'EVERY_VISIT' | 'FIRST_VISIT';
export interface MenuFormLink {
  formId: string;
  when: MenuFormWhen;
}

let taskSeq = 0;
export const newTask = (overrides: Partial<TaskForm> = {}): TaskForm => ({
  key: `task-${++taskSeq}`,
  label: '',
  durationMinutes: 30,
  needsStaff: true,
  roomIds: [],
  machineIds: [],
  ...overrides,
});

export const emptyMenuForm = (categoryId: string): MenuForm => ({
  categoryId,
  name: '',
  description: '',
  preVisitNote: '',
  kind: 'NEW',
  price: '0',
  enabled: true,
  webBookable: true,
  afterMenuId: null,
  tasks: [newTask()],
  translations: emptyTranslationsForm(),
});

export const menuToForm = (menu: Menu): MenuForm => ({
  categoryId: menu.categoryId,
  name: menu.name,
  description: menu.description ?? '',
  preVisitNote: menu.preVisitNote ?? '',
  kind: menu.kind,
  price: String(menu.price),
  enabled: menu.enabled,
  webBookable: menu.webBookable,
  afterMenuId: menu.afterMenuId,
  tasks: [...menu.tasks]
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((task) =>
      newTask({
        label: task.label ?? '',
        durationMinutes: task.durationMinutes,
        needsStaff: task.needsStaff,
        roomIds: [...task.roomIds],
        machineIds: [...task.machineIds],
      }),
    ),
  translations: translationsToForm(menu.translations),
  ...((menu as { forms?: MenuFormLink[] }).forms ? { forms: (menu as { forms?: MenuFormLink[] }).forms!.map((f) => ({ ...f })) } : {}),
});

/** Field reasons for what the contract refuses, before anything is sent. */
export function validateMenuForm(form: MenuForm, t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  if (!form.name.trim()) errors.name = t('adminSetup.common.required', { field: t('adminSetup.menus.form.name') });
  if (!form.categoryId) errors.categoryId = t('adminSetup.common.choose', { field: t('adminSetup.menus.form.category') });
  if (parseWholeNumber(form.price) === null) errors.price = t('adminSetup.common.wholeNumber');
  if (form.preVisitNote.trim().length > PRE_VISIT_NOTE_MAX) errors.preVisitNote = t('adminSetup.menus.form.preVisitNoteMax', { max: PRE_VISIT_NOTE_MAX });
  if (form.tasks.length < 1 || form.tasks.length > MAX_TASKS) errors.tasks = t('adminSetup.menus.form.taskCount', { max: MAX_TASKS });
  form.tasks.forEach((task, index) => {
    if (!DURATIONS.includes(task.durationMinutes)) errors[`tasks.${index}.durationMinutes`] = t('adminSetup.menus.form.durationStep');
  });
  Object.assign(errors, validateTranslationsForm(form.translations, t, 'menu', PRE_VISIT_NOTE_MAX));
  return errors;
}

export const moveItem = <T>(list: readonly T[], from: number, to: number): T[] => {
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
};

/** The request body of POST and PUT. */
export const menuBody = (form: MenuForm) => ({
  categoryId: form.categoryId,
  name: form.name.trim(),
  description: form.description.trim(),
  preVisitNote: form.preVisitNote.trim(),
  kind: form.kind,
  price: parseWholeNumber(form.price) ?? 0,
  enabled: form.enabled,
  webBookable: form.webBookable,
  afterMenuId: form.afterMenuId,
  tasks: form.tasks.map((task) => ({
    label: task.label.trim(),
    durationMinutes: task.durationMinutes,
    needsStaff: task.needsStaff,
    roomIds: task.roomIds,
    machineIds: task.machineIds,
  })),
  translations: translationsBody(form.translations, 'menu'),
  ...(form.forms ? { forms: form.forms } : {}),
});
