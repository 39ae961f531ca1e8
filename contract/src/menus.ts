import { z } from 'zod';
import { MENU_FORM_WHEN, menuFormJson } from './forms';
import { CATEGORY_NAME_MAX, DISPLAY_ORDER_MAX, FACILITY_NAME_MAX, FORM_RULES, MENU_RULES } from './rules';
import { idSchema } from './fields';

// The same lists as the core's `MENU_KINDS` and `TRANSLATED_LANGUAGES` (contract depends on zod
// only); the HTTP adapter's mappers are typed by these schemas, so the compiler keeps them in step.
export const MENU_KINDS = ['NEW', 'CONTRACT', 'INSURANCE'] as const;
export const TRANSLATED_LANGUAGES = ['en', 'zh-CN'] as const;

/** A room or a machine. */
export const facilityJson = z.object({ id: z.string(), clinicId: z.string(), name: z.string(), displayOrder: z.number(), enabled: z.boolean() });

const translatedTextJson = z.object({ name: z.string(), description: z.string().optional(), preVisitNote: z.string().optional() });
const translationsJson = z
  .object({ en: translatedTextJson.optional(), 'zh-CN': translatedTextJson.optional() })
  .describe('英語・簡体字中国語の翻訳（スタッフ向けの応答のみ）');
const missingJson = z.array(z.enum(TRANSLATED_LANGUAGES)).describe('翻訳が足りない言語（名前がない、または日本語にある説明・ご案内がない）');

/** A menu category; members and guests get its name in their language. */
export const categoryJson = z.object({ id: z.string(), clinicId: z.string(), name: z.string(), displayOrder: z.number() });
/** Staff and admin answers: the Japanese texts with the translations and what they lack. */
export const staffCategoryJson = categoryJson.extend({ translations: translationsJson, missingTranslations: missingJson });

const menuTaskJson = z.object({
  id: z.string(),
  position: z.number(),
  label: z.string(),
  durationMinutes: z.number(),
  needsStaff: z.boolean(),
  roomIds: z.array(z.string()),
  machineIds: z.array(z.string()),
});

/** A menu; members and guests get its texts in their language (Japanese when not translated). */
export const menuJson = z.object({
  id: z.string(),
  clinicId: z.string(),
  categoryId: z.string(),
  name: z.string(),
  description: z.string(),
  preVisitNote: z.string().describe('来院前のご案内（リマインドに載せます。空＝なし）'),
  displayOrder: z.number(),
  enabled: z.boolean(),
  webBookable: z.boolean(),
  kind: z.enum(MENU_KINDS),
  price: z.number().describe('税込価格（円）'),
  afterMenuId: z.string().nullable(),
  durationMinutes: z.number().describe('工程の所要時間の合計（分）'),
  tasks: z.array(menuTaskJson),
});
export const staffMenuJson = menuJson.extend({
  translations: translationsJson,
  missingTranslations: missingJson,
  /** The 問診票 and 同意書 the menu asks for (docs/forms.md). */
  forms: z.array(menuFormJson).optional(),
});
export const menuWithCategoryJson = staffMenuJson.extend({ categoryName: z.string() });

export type MenuKind = (typeof MENU_KINDS)[number];
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];
export type FacilityJson = z.infer<typeof facilityJson>;
export type CategoryJson = z.infer<typeof categoryJson>;
export type StaffCategoryJson = z.infer<typeof staffCategoryJson>;
export type MenuTaskJson = z.infer<typeof menuTaskJson>;
export type MenuJson = z.infer<typeof menuJson>;
export type StaffMenuJson = z.infer<typeof staffMenuJson>;
export type MenuWithCategoryJson = z.infer<typeof menuWithCategoryJson>;

// --- requests ---

/** The clinic whose list is asked for. */
export const clinicQuery = z.object({ clinicId: idSchema });
export const menuListQuery = z.object({ clinicId: idSchema, categoryId: idSchema.optional() });
export const menuIdsQuery = z.object({
  ids: z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id.length > 0),
    )
    .pipe(z.array(idSchema).min(1).max(20))
    .describe('カンマ区切りのメニューID（例: 1,7）'),
});

// Requests.

const displayOrder = z.number().int().min(0).max(DISPLAY_ORDER_MAX);

const facilityName = z.string().trim().min(1).max(FACILITY_NAME_MAX);

export const facilityCreateBody = z.object({ clinicId: idSchema, name: facilityName, displayOrder: displayOrder.optional(), enabled: z.boolean().optional() });

export const facilityUpdateBody = z.object({ name: facilityName, displayOrder, enabled: z.boolean() });

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
