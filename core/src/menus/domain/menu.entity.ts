import type { FieldError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import { validateTranslations, type Translations } from '../../shared/language';
import { SLOT_MINUTES } from '../../shared/time-of-day';

/** NEW (新規: anyone may book), CONTRACT (役務: members with a contract), INSURANCE (保険診療). */
export const MENU_KINDS = ['NEW', 'CONTRACT', 'INSURANCE'] as const;
export type MenuKind = (typeof MENU_KINDS)[number];

/** One step of a menu: how long, whether a staff member is needed, which rooms and machines may hold it (none = not needed), ids ascending. */
export interface MenuTask {
  readonly id: string;
  readonly position: number;
  readonly label: string;
  readonly durationMinutes: number;
  readonly needsStaff: boolean;
  readonly roomIds: readonly string[];
  readonly machineIds: readonly string[];
}

export interface Menu {
  readonly id: string;
  readonly clinicId: string;
  readonly categoryId: string;
  readonly name: string;
  readonly description: string;
  /** 来院前のご案内: put into the visit's reminders (empty: none). */
  readonly preVisitNote: string;
  /** English and Simplified Chinese texts (docs/languages.md); a missing one falls back to Japanese. */
  readonly translations: Translations;
  readonly displayOrder: number;
  readonly enabled: boolean;
  readonly webBookable: boolean;
  readonly kind: MenuKind;
  readonly price: number;
  readonly afterMenuId: string | null;
  readonly tasks: readonly MenuTask[];
}

export type MenuTaskDraft = Omit<MenuTask, 'id' | 'position'>;

/** A 問診票 or 同意書 the menu asks for (the forms module's MenuForm, docs/forms.md). */
export interface MenuFormLink {
  readonly formId: string;
  readonly when: 'EVERY_VISIT' | 'FIRST_VISIT';
}

/** What POST and PUT send: the whole menu without its clinic (that of its category) and order. */
export interface MenuDraft {
  readonly categoryId: string;
  readonly name: string;
  readonly description: string;
  /** 来院前のご案内 (left out: none). */
  readonly preVisitNote?: string;
  /** Left out: none (create) or those stored (update, see SaveMenuUseCase). */
  readonly translations?: Translations;
  readonly enabled: boolean;
  readonly webBookable: boolean;
  readonly kind: MenuKind;
  readonly price: number;
  readonly afterMenuId: string | null;
  readonly tasks: readonly MenuTaskDraft[];
  /**
   * The forms the menu asks for, checked by the forms module beforehand, written in the menu's own
   * transaction (all or nothing); left out: kept as they are.
   */
  readonly forms?: readonly MenuFormLink[];
}

/** What the repository stores: the draft with its clinic and place in the category. */
export interface MenuRecord extends MenuDraft {
  readonly clinicId: string;
  readonly displayOrder: number;
}

export const MENU_RULES = {
  nameMax: 100,
  descriptionMax: 2000,
  preVisitNoteMax: 500,
  labelMax: 50,
  minTasks: 1,
  maxTasks: 10,
  minTaskMinutes: SLOT_MINUTES,
  maxTaskMinutes: 720,
  maxPrice: 10_000_000,
} as const;

/** The length of a menu: the sum of its tasks. */
export const menuDuration = (menu: Pick<Menu, 'tasks'> | Pick<MenuDraft, 'tasks'>): number => menu.tasks.reduce((sum, task) => sum + task.durationMinutes, 0);

/** Whether members and guests may book it online. */
export const isWebBookable = (menu: Pick<Menu, 'enabled' | 'webBookable'>): boolean => menu.enabled && menu.webBookable;

const unique = (ids: readonly string[]): string[] => [...new Set(ids)].sort((a, b) => Number(a) - Number(b));

/**
 * The rules of a menu on its own: a name, a price in whole yen, 1–10 tasks each lasting a
 * multiple of 15 minutes (15–720), and not itself as its after-menu. Trims text, removes
 * repeated room and machine ids and sorts them.
 */
export const validateMenuDraft = (draft: MenuDraft, selfId: string | null = null): Result<MenuDraft, 'VALIDATION_FAILED'> => {
  const fields: FieldError[] = [];
  const name = draft.name.trim();
  if (name.length === 0) fields.push({ path: 'name', message: 'メニュー名を入力してください。' });
  else if (name.length > MENU_RULES.nameMax) fields.push({ path: 'name', message: `メニュー名は${MENU_RULES.nameMax}文字以内で入力してください。` });
  if (draft.description.length > MENU_RULES.descriptionMax) {
    fields.push({ path: 'description', message: `説明は${MENU_RULES.descriptionMax}文字以内で入力してください。` });
  }
  const preVisitNote = (draft.preVisitNote ?? '').trim();
  if (preVisitNote.length > MENU_RULES.preVisitNoteMax) {
    fields.push({ path: 'preVisitNote', message: `来院前のご案内は${MENU_RULES.preVisitNoteMax}文字以内で入力してください。` });
  }
  const translations = validateTranslations(draft.translations, {
    nameMax: MENU_RULES.nameMax,
    descriptionMax: MENU_RULES.descriptionMax,
    preVisitNoteMax: MENU_RULES.preVisitNoteMax,
  });
  if (!translations.ok) fields.push(...(translations.error.fields ?? []));
  if (!MENU_KINDS.includes(draft.kind)) fields.push({ path: 'kind', message: '種別は新規・役務・保険診療から選んでください。' });
  if (!Number.isInteger(draft.price) || draft.price < 0 || draft.price > MENU_RULES.maxPrice) {
    fields.push({ path: 'price', message: '料金は0円以上の整数（円）で入力してください。' });
  }
  if (selfId !== null && draft.afterMenuId === selfId) {
    fields.push({ path: 'afterMenuId', message: '次回メニューに同じメニューは指定できません。' });
  }
  if (draft.tasks.length < MENU_RULES.minTasks || draft.tasks.length > MENU_RULES.maxTasks) {
    fields.push({ path: 'tasks', message: `工程は${MENU_RULES.minTasks}〜${MENU_RULES.maxTasks}個で登録してください。` });
  }
  draft.tasks.forEach((task, index) => {
    const minutes = task.durationMinutes;
    if (!Number.isInteger(minutes) || minutes % SLOT_MINUTES !== 0 || minutes < MENU_RULES.minTaskMinutes || minutes > MENU_RULES.maxTaskMinutes) {
      fields.push({
        path: `tasks.${index}.durationMinutes`,
        message: `所要時間は${SLOT_MINUTES}分単位で${MENU_RULES.minTaskMinutes}〜${MENU_RULES.maxTaskMinutes}分の範囲で入力してください。`,
      });
    }
    if (task.label.trim().length > MENU_RULES.labelMax) {
      fields.push({ path: `tasks.${index}.label`, message: `工程名は${MENU_RULES.labelMax}文字以内で入力してください。` });
    }
  });
  if (fields.length > 0) return fail('VALIDATION_FAILED', { fields });
  return ok({
    ...draft,
    name,
    description: draft.description.trim(),
    preVisitNote,
    ...(draft.translations !== undefined && translations.ok ? { translations: translations.value } : {}),
    tasks: draft.tasks.map((task) => ({ ...task, label: task.label.trim(), roomIds: unique(task.roomIds), machineIds: unique(task.machineIds) })),
  });
};

/** Every room and machine a task names must be one of the menu's clinic (the sets given). */
export const checkTaskResources = (
  draft: MenuDraft,
  roomsOfClinic: ReadonlySet<string>,
  machinesOfClinic: ReadonlySet<string>,
): Result<MenuDraft, 'ROOM_NOT_FOUND' | 'MACHINE_NOT_FOUND'> => {
  for (const [index, task] of draft.tasks.entries()) {
    const room = task.roomIds.findIndex((id) => !roomsOfClinic.has(id));
    if (room >= 0) return fail('ROOM_NOT_FOUND', { fields: [{ path: `tasks.${index}.roomIds.${room}`, message: 'このクリニックの部屋ではありません。' }] });
  }
  for (const [index, task] of draft.tasks.entries()) {
    const machine = task.machineIds.findIndex((id) => !machinesOfClinic.has(id));
    if (machine >= 0) {
      return fail('MACHINE_NOT_FOUND', { fields: [{ path: `tasks.${index}.machineIds.${machine}`, message: 'このクリニックの機械ではありません。' }] });
    }
  }
  return ok(draft);
};

/** A booking link may name at most one menu per clinic. */
export const oneMenuPerClinic = (menus: readonly Pick<Menu, 'clinicId'>[]): Result<null, 'VALIDATION_FAILED'> => {
  const clinics = new Set<string>();
  for (const menu of menus) {
    if (clinics.has(menu.clinicId)) {
      return fail('VALIDATION_FAILED', { fields: [{ path: 'ids', message: 'URLで指定できるメニューは1つのクリニックにつき1つまでです。' }] });
    }
    clinics.add(menu.clinicId);
  }
  return ok(null);
};
