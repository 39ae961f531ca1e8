import { menuFormJson } from './forms';
import { z } from 'zod';
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
