import {
  CATEGORY_NAME_MAX,
  DISPLAY_ORDER_MAX,
  FACILITY_NAME_MAX,
  FORM_RULES,
  MENU_FORM_WHEN,
  localizeTexts,
  MENU_KINDS,
  MENU_RULES,
  menuDuration,
  missingTranslations,
  type Facility,
  type Language,
  type Menu,
  type MenuCategory,
  type MenuDraft,
} from '@clinic/core';
import { z } from 'zod';
import type { CategoryJson, FacilityJson, MenuJson, StaffCategoryJson, StaffMenuJson } from '@clinic/contract';
import { idSchema } from './common.schemas';

// The answers' schemas are shared with the web app (its types come from them).
export {
  categoryJson,
  clinicQuery,
  facilityJson,
  menuIdsQuery,
  menuJson,
  menuListQuery,
  menuWithCategoryJson,
  staffCategoryJson,
  staffMenuJson,
} from '@clinic/contract';

// --- rooms and machines ---

const displayOrder = z.number().int().min(0).max(DISPLAY_ORDER_MAX);
const facilityName = z.string().trim().min(1).max(FACILITY_NAME_MAX);

export const facilityCreateBody = z.object({ clinicId: idSchema, name: facilityName, displayOrder: displayOrder.optional(), enabled: z.boolean().optional() });
export const facilityUpdateBody = z.object({ name: facilityName, displayOrder, enabled: z.boolean() });

export const toFacilityJson = (facility: Facility): FacilityJson => ({
  id: facility.id,
  clinicId: facility.clinicId,
  name: facility.name,
  displayOrder: facility.displayOrder,
  enabled: facility.enabled,
});

// --- menu categories ---

// --- translations (docs/languages.md) ---

const translatedName = (nameMax: number) => z.string().trim().max(nameMax).describe('名前（空にするとその言語の翻訳を削除）');
const categoryTranslation = z.object({ name: translatedName(CATEGORY_NAME_MAX) }).strict();
const menuTranslation = z
  .object({
    name: translatedName(MENU_RULES.nameMax),
    description: z.string().trim().max(MENU_RULES.descriptionMax).optional().describe('説明（省略・空＝日本語の説明を表示）'),
    preVisitNote: z.string().trim().max(MENU_RULES.preVisitNoteMax).optional().describe('来院前のご案内（省略・空＝日本語のご案内）'),
  })
  .strict();

const translationsBody = <T extends z.ZodType>(text: T) =>
  z
    .object({ en: text.optional(), 'zh-CN': text.optional() })
    .strict()
    .describe(
      '英語（en）と簡体字中国語（zh-CN）の表示名など。会員・ゲスト向けのAPIは Accept-Language または会員の言語設定でこの翻訳を返し、ない言語・空の項目は日本語を返します。更新で省略すると今の翻訳のまま。',
    );

const categoryName = z.string().trim().min(1).max(50);
export const categoryCreateBody = z.object({ clinicId: idSchema, name: categoryName, translations: translationsBody(categoryTranslation).optional() });
export const categoryUpdateBody = z.object({ name: categoryName, translations: translationsBody(categoryTranslation).optional() });
export const categoryOrderBody = z.object({ clinicId: idSchema, ids: z.array(idSchema).max(500) });

/** A category as members and guests see it: its name in their language (Japanese when not translated). */
export const toCategoryJson = (category: MenuCategory, language: Language = 'ja'): CategoryJson => ({
  id: category.id,
  clinicId: category.clinicId,
  name: localizeTexts({ name: category.name }, category.translations, language).name,
  displayOrder: category.displayOrder,
});

export const toStaffCategoryJson = (category: MenuCategory): StaffCategoryJson => ({
  ...toCategoryJson(category),
  translations: category.translations ?? {},
  missingTranslations: missingTranslations({}, category.translations),
});

// --- menus ---

const taskBody = z.object({
  label: z.string().max(MENU_RULES.labelMax).optional(),
  durationMinutes: z.number().int().describe('15分単位（15〜720）'),
  needsStaff: z.boolean(),
  roomIds: z.array(idSchema).max(50).describe('使える部屋（空＝部屋不要）'),
  machineIds: z.array(idSchema).max(50).describe('使える機械（空＝機械不要）'),
});

export const menuBody = z.object({
  categoryId: idSchema,
  name: z.string().trim().min(1).max(MENU_RULES.nameMax),
  kind: z.enum(MENU_KINDS),
  enabled: z.boolean(),
  webBookable: z.boolean(),
  price: z.number().int().min(0).max(MENU_RULES.maxPrice),
  description: z.string().max(MENU_RULES.descriptionMax).optional(),
  preVisitNote: z
    .string()
    .trim()
    .max(MENU_RULES.preVisitNoteMax, { error: `来院前のご案内は${MENU_RULES.preVisitNoteMax}文字以内で入力してください。` })
    .optional()
    .describe('来院前のご案内（例: 施術部位のシェービングをしてご来院ください）。リマインドに載せます。'),
  afterMenuId: idSchema.nullable().optional(),
  tasks: z.array(taskBody).min(MENU_RULES.minTasks).max(MENU_RULES.maxTasks),
  translations: translationsBody(menuTranslation).optional(),
  forms: z
    .array(z.object({ formId: idSchema, when: z.enum(MENU_FORM_WHEN) }))
    .max(FORM_RULES.menuFormsMax)
    .optional()
    .describe('このメニューの予約で求める問診票・同意書（EVERY_VISIT: 毎回、FIRST_VISIT: 完了するまで）。更新で省略すると今のまま'),
});
export const menuOrderBody = z.object({ categoryId: idSchema, ids: z.array(idSchema).max(500) });
export const toMenuDraft = (body: z.output<typeof menuBody>): MenuDraft => ({
  categoryId: body.categoryId,
  name: body.name,
  kind: body.kind,
  enabled: body.enabled,
  webBookable: body.webBookable,
  price: body.price,
  description: body.description ?? '',
  preVisitNote: body.preVisitNote ?? '',
  afterMenuId: body.afterMenuId ?? null,
  ...(body.translations ? { translations: body.translations } : {}),
  tasks: body.tasks.map((task) => ({
    label: task.label ?? '',
    durationMinutes: task.durationMinutes,
    needsStaff: task.needsStaff,
    roomIds: task.roomIds,
    machineIds: task.machineIds,
  })),
});

/** A menu's answer; members and guests get its texts in their language (Japanese when not translated). */
export const toMenuJson = (original: Menu, language: Language = 'ja'): MenuJson => {
  const menu = localizeTexts(original, original.translations, language);
  return {
    id: menu.id,
    clinicId: menu.clinicId,
    categoryId: menu.categoryId,
    name: menu.name,
    description: menu.description,
    preVisitNote: menu.preVisitNote,
    displayOrder: menu.displayOrder,
    enabled: menu.enabled,
    webBookable: menu.webBookable,
    kind: menu.kind,
    price: menu.price,
    afterMenuId: menu.afterMenuId,
    durationMinutes: menuDuration(menu),
    tasks: menu.tasks.map((task) => ({
      id: task.id,
      position: task.position,
      label: task.label,
      durationMinutes: task.durationMinutes,
      needsStaff: task.needsStaff,
      roomIds: [...task.roomIds],
      machineIds: [...task.machineIds],
    })),
  };
};

export const toStaffMenuJson = (menu: Menu): StaffMenuJson => ({
  ...toMenuJson(menu),
  translations: menu.translations ?? {},
  missingTranslations: missingTranslations(menu, menu.translations),
});
