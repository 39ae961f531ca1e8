/** What the patient enters on a consent (同意書): the tick, the typed name, the drawing, a guardian. */
export interface ConsentValue {
  agreed: boolean;
  /** The typed name: the signature itself. */
  name: string;
  /** The drawn signature (`data:image/png;base64,…`), optional. */
  image: string | null;
  guardianName: string;
  guardianRelation: string;
  /** `'YYYY-MM-DD'`, asked when the clinic does not know it; `''` otherwise. */
  birthDate: string;
}

export type ConsentField = 'agreed' | 'name' | 'guardianName' | 'guardianRelation' | 'birthDate';

export const emptyConsent: ConsentValue = { agreed: false, name: '', image: null, guardianName: '', guardianRelation: '', birthDate: '' };

/** Whether someone born on `birthDate` is under 18 on `today` (both `'YYYY-MM-DD'`). */
export function isUnder18(birthDate: string, today: string): boolean {
  const born = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  const now = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (!born || !now) return false;
  const eighteenth = `${String(Number(born[1]) + 18).padStart(4, '0')}-${born[2]}-${born[3]}`;
  return today < eighteenth;
}

export interface ConsentMessages {
  /** The tick is missing. */
  agree: string;
  /** A required text is blank. */
  required: string;
}

export interface ConsentRules {
  /** The person is under 18: a guardian's name and relation are required. */
  guardianRequired?: boolean;
  /** The birth date is asked (unknown to the clinic). */
  askBirthDate?: boolean;
}

/** The reason per field for what cannot be sent; `{}` when the consent can be sent. */
export function validateConsent(value: ConsentValue, rules: ConsentRules, messages: ConsentMessages): Partial<Record<ConsentField, string>> {
  const errors: Partial<Record<ConsentField, string>> = {};
  if (!value.agreed) errors.agreed = messages.agree;
  if (value.name.trim() === '') errors.name = messages.required;
  if (rules.askBirthDate && value.birthDate === '') errors.birthDate = messages.required;
  if (rules.guardianRequired) {
    if (value.guardianName.trim() === '') errors.guardianName = messages.required;
    if (value.guardianRelation.trim() === '') errors.guardianRelation = messages.required;
  }
  return errors;
}
