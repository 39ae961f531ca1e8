/*
 * The form JSON of API.md ("Web forms"), and the rules the patient's page applies before sending:
 * which items show, which answers are missing. The server applies the same rules again; these
 * only spare the patient a round trip.
 */

export type FormItemType = 'text' | 'textarea' | 'yesno' | 'single' | 'multi' | 'date';

/** An answer: text and dates as strings, `yesno` as a boolean, `multi` as the chosen values. */
export type FormAnswer = string | boolean | readonly string[];
export type FormAnswers = Readonly<Record<string, FormAnswer>>;

export interface FormItemOption {
  value: string;
  label: string;
}

export interface FormItem {
  key: string;
  type: FormItemType;
  label: string;
  required?: boolean;
  options?: readonly FormItemOption[];
  /** Shown only while the earlier item `key` is answered `equals` (a `multi` answer: contains it). */
  showIf?: { key: string; equals: FormAnswer };
  /** Staff must see an answer equal to `equals` (staff side only; the patient never sees it). */
  flag?: { equals: FormAnswer; label: string };
}

/** Whether `answer` matches `expected`: equal, or for a `multi` answer, containing it. */
export function answerMatches(answer: FormAnswer | undefined, expected: FormAnswer): boolean {
  if (answer === undefined) return false;
  if (Array.isArray(answer)) {
    return Array.isArray(expected) ? sameValues(answer, expected) : answer.includes(expected as string);
  }
  return answer === expected;
}

function sameValues(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v) => b.includes(v));
}

/** The items shown for these answers, in order. An item whose `showIf` item is hidden is hidden too. */
export function visibleFormItems(items: readonly FormItem[], answers: FormAnswers): FormItem[] {
  const shown = new Set<string>();
  const visible: FormItem[] = [];
  for (const item of items) {
    const rule = item.showIf;
    if (rule && !(shown.has(rule.key) && answerMatches(answers[rule.key], rule.equals))) continue;
    shown.add(item.key);
    visible.push(item);
  }
  return visible;
}

/** Whether an answer counts as given: a non-blank text, a boolean, at least one choice. */
export function isAnswered(answer: FormAnswer | undefined): boolean {
  if (answer === undefined) return false;
  if (typeof answer === 'boolean') return true;
  if (Array.isArray(answer)) return answer.length > 0;
  return (answer as string).trim() !== '';
}

/** The answers to send: those of the shown items that are given (hidden and blank ones left out). */
export function formAnswersToSend(items: readonly FormItem[], answers: FormAnswers): Record<string, FormAnswer> {
  const out: Record<string, FormAnswer> = {};
  for (const item of visibleFormItems(items, answers)) {
    const answer = answers[item.key];
    if (isAnswered(answer)) out[item.key] = typeof answer === 'string' ? answer.trim() : answer!;
  }
  return out;
}

export interface FormValidationMessages {
  /** A required item left blank. */
  required: string;
  /** A choice that is not among the item's options (a pre-filled answer from an older version). */
  invalidOption: string;
}

/** The reason per item key for each shown item whose answer cannot be sent; `{}` when all is well. */
export function validateFormAnswers(items: readonly FormItem[], answers: FormAnswers, messages: FormValidationMessages): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const item of visibleFormItems(items, answers)) {
    const answer = answers[item.key];
    if (!isAnswered(answer)) {
      if (item.required) errors[item.key] = messages.required;
      continue;
    }
    if (item.type === 'single' || item.type === 'multi') {
      const values = (item.options ?? []).map((o) => o.value);
      const chosen = Array.isArray(answer) ? answer : [answer as string];
      if (chosen.some((v) => !values.includes(v as string))) errors[item.key] = messages.invalidOption;
    }
  }
  return errors;
}

/** The flag labels these answers raise (for staff screens and the admin preview). */
export function formFlags(items: readonly FormItem[], answers: FormAnswers): string[] {
  return visibleFormItems(items, answers)
    .filter((item) => item.flag && answerMatches(answers[item.key], item.flag.equals))
    .map((item) => item.flag!.label);
}

/**
 * Pre-filled answers kept only where they still fit this version: an item of the same key and a
 * compatible type, and for choices values that are still offered. A changed form then asks again
 * rather than sending an answer the server would refuse.
 */
export function prefillFormAnswers(items: readonly FormItem[], prefill: Readonly<Record<string, unknown>>): Record<string, FormAnswer> {
  const out: Record<string, FormAnswer> = {};
  for (const item of items) {
    const value = prefill[item.key];
    if (value === undefined || value === null) continue;
    const values = (item.options ?? []).map((o) => o.value);
    switch (item.type) {
      case 'yesno':
        if (typeof value === 'boolean') out[item.key] = value;
        break;
      case 'multi':
        if (Array.isArray(value)) {
          const kept = value.filter((v): v is string => typeof v === 'string' && values.includes(v));
          if (kept.length > 0) out[item.key] = kept;
        }
        break;
      case 'single':
        if (typeof value === 'string' && values.includes(value)) out[item.key] = value;
        break;
      case 'date':
        if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) out[item.key] = value;
        break;
      default:
        if (typeof value === 'string') out[item.key] = value;
    }
  }
  return out;
}
