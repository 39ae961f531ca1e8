/** Shapes of the clinic set-up API (docs/api-clinic-setup.md). */

export type FacilityKind = 'rooms' | 'machines';

export interface Facility {
  id: string;
  clinicId: string;
  name: string;
  displayOrder: number;
  enabled: boolean;
}

/** The languages a menu or category may be translated into (docs/languages.md); Japanese is its own text. */
export type TranslatedLanguage = 'en' | 'zh-CN';
export const TRANSLATED_LANGUAGES: readonly TranslatedLanguage[] = ['en', 'zh-CN'];

/** A menu's or category's texts in one other language (categories: `name` only). */
export interface TranslatedText {
  name: string;
  description?: string;
  preVisitNote?: string;
}

export type Translations = Partial<Record<TranslatedLanguage, TranslatedText>>;

export interface Category {
  id: string;
  clinicId: string;
  name: string;
  displayOrder: number;
  /** Staff/admin answers only. */
  translations?: Translations;
  /** Languages without a name (staff/admin answers only). */
  missingTranslations?: TranslatedLanguage[];
}

export type MenuKind = 'NEW' | 'CONTRACT' | 'INSURANCE';
export const MENU_KINDS: readonly MenuKind[] = ['NEW', 'CONTRACT', 'INSURANCE'];

export interface MenuTask {
  id?: string;
  position?: number;
  label: string;
  durationMinutes: number;
  needsStaff: boolean;
  roomIds: string[];
  machineIds: string[];
}

export interface Menu {
  id: string;
  clinicId: string;
  categoryId: string;
  name: string;
  description: string;
  /** 来院前のご案内, put into the visit's reminders. */
  preVisitNote?: string;
  displayOrder: number;
  enabled: boolean;
  webBookable: boolean;
  kind: MenuKind;
  price: number;
  afterMenuId: string | null;
  durationMinutes: number;
  tasks: MenuTask[];
  /** Staff/admin answers only. */
  translations?: Translations;
  /** Languages without a name, or without a description/note the Japanese menu has (staff/admin answers only). */
  missingTranslations?: TranslatedLanguage[];
}

export interface OpeningHours {
  weekday: number;
  open: string;
  close: string;
}

export interface ClinicBreak {
  id?: string;
  weekday: number | null;
  start: string;
  end: string;
}

export interface Holiday {
  date: string;
  name: string;
}

export interface Clinic {
  id: string;
  name: string;
  phone: string;
  homepageUrl: string | null;
  webBookingEnabled: boolean;
  hokenCategoryId: string | null;
  openingHours: OpeningHours[];
  breaks?: ClinicBreak[];
  holidays?: Holiday[];
  updateDeadlineHours: number;
  cancelDeadlineHours: number;
  minLeadMinutes: number;
  /** When reminders go out before a visit (absent from clinics answered by older servers). */
  reminderRules?: ReminderRule[];
  /** The waitlist and no-show policy (docs/waitlist.md). */
  waitlistHoldMinutes?: number;
  noShowLimit?: number | null;
  noShowWindowDays?: number;
}

export type ReminderRule = { kind: 'DAY_BEFORE'; at: string } | { kind: 'HOURS_BEFORE'; hours: number };

export interface Tag {
  id: string;
  name: string;
  displayOrder: number;
}

export type CheckConditionKind = 'ALWAYS' | 'FIRST_VISIT' | 'CATEGORY';
export const CHECK_CONDITION_KINDS: readonly CheckConditionKind[] = ['ALWAYS', 'FIRST_VISIT', 'CATEGORY'];

export interface CheckCondition {
  id: string;
  name: string;
  kind: CheckConditionKind;
  categoryId: string | null;
  displayOrder: number;
}

export interface Announcement {
  id: string;
  clinicId: string | null;
  title: string;
  body: string;
  publishedFrom: string;
  publishedUntil: string | null;
}
