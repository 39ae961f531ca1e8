/** Shapes of the clinic set-up API (docs/api-clinic-setup.md); the answers' types come from @clinic/contract. */
import type {
  AnnouncementJson,
  CheckConditionJson,
  CheckConditionKind,
  ClinicJson,
  FacilityJson,
  HolidayJson,
  MenuKind,
  ReminderRuleJson,
  StaffCategoryJson,
  StaffMenuJson,
  TagJson,
  TranslatedLanguage,
} from '@clinic/contract';

export type FacilityKind = 'rooms' | 'machines';

export type Facility = FacilityJson;

/** The languages a menu or category may be translated into (docs/languages.md); Japanese is its own text. */
export type { TranslatedLanguage };
export const TRANSLATED_LANGUAGES: readonly TranslatedLanguage[] = ['en', 'zh-CN'];

/** A menu's or category's texts in the other languages (categories: `name` only). */
export type Translations = StaffMenuJson['translations'];
export type TranslatedText = NonNullable<Translations[TranslatedLanguage]>;

/** A category as staff and admin see it: with its translations and the languages it lacks. */
export type Category = StaffCategoryJson;

export type { MenuKind };
export const MENU_KINDS: readonly MenuKind[] = ['NEW', 'CONTRACT', 'INSURANCE'];

/** A menu as staff and admin see it: with its tasks, translations and the languages it lacks. */
export type Menu = StaffMenuJson;
export type MenuTask = Menu['tasks'][number];

export type Clinic = ClinicJson;
export type OpeningHours = Clinic['openingHours'][number];
export type ClinicBreak = Clinic['breaks'][number];
export type Holiday = HolidayJson;
export type ReminderRule = ReminderRuleJson;

export type Tag = TagJson;

export type { CheckConditionKind };
export const CHECK_CONDITION_KINDS: readonly CheckConditionKind[] = ['ALWAYS', 'FIRST_VISIT', 'CATEGORY'];

export type CheckCondition = CheckConditionJson;

export type Announcement = AnnouncementJson;
