import type { FormAnswer, FormItem, FormItemType } from '@clinic/ui-kit';
import type { Input } from '../../../shared/api/api';

/* The form editor's model: what the fields hold, and the body of PUT/POST versions (API.md). */

export type Lang = 'en' | 'zh-CN';

export interface ItemDraft {
  key: string;
  type: FormItemType;
  label: string;
  required: boolean;
  /** One option a line, `value:label`. */
  options: string;
  showIfKey: string;
  showIfEquals: string;
  flagEquals: string;
  flagLabel: string;
  translations: Record<Lang, { label: string; options: string }>;
}

export interface VersionDraft {
  items: ItemDraft[];
  body: string;
  bodyTranslations: Record<Lang, string>;
}

/** The body of POST and PUT versions (the contract's `formVersionBody`). */
export type VersionBody = Input<'adminForms', 'saveDraft'>['body'];
export type VersionTranslations = NonNullable<VersionBody['translations']>;

export const LANGS: Lang[] = ['en', 'zh-CN'];
const CHOICE_TYPES: FormItemType[] = ['single', 'multi'];

export const emptyItem = (index: number): ItemDraft => ({
  key: `q${index + 1}`,
  type: 'yesno',
  label: '',
  required: false,
  options: '',
  showIfKey: '',
  showIfEquals: '',
  flagEquals: '',
  flagLabel: '',
  translations: { en: { label: '', options: '' }, 'zh-CN': { label: '', options: '' } },
});

/** `value:label` lines → options; a line without a colon uses its text as both. */
export function parseOptions(text: string): { value: string; label: string }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.search(/[:：]/);
      return at < 0 ? { value: line, label: line } : { value: line.slice(0, at).trim(), label: line.slice(at + 1).trim() };
    });
}

const optionsText = (options: readonly { value: string; label: string }[] | undefined) => (options ?? []).map((o) => `${o.value}:${o.label}`).join('\n');

/** An answer typed in the editor for a condition: `true`/`false` (はい/いいえ) for a yes/no item. */
export function parseEquals(type: FormItemType | undefined, text: string): FormAnswer {
  const trimmed = text.trim();
  if (type === 'yesno') return trimmed === 'true' || trimmed === 'はい';
  return trimmed;
}

const equalsText = (value: FormAnswer | undefined) => (value === undefined ? '' : Array.isArray(value) ? value.join(',') : String(value));

/** A version's definition → the editor's fields. */
export function toDraft(version: { items: readonly FormItem[]; body: string | null; translations?: VersionTranslations }): VersionDraft {
  const translations = version.translations ?? {};
  return {
    items: version.items.map((item) => ({
      key: item.key,
      type: item.type,
      label: item.label,
      required: item.required ?? false,
      options: optionsText(item.options),
      showIfKey: item.showIf?.key ?? '',
      showIfEquals: equalsText(item.showIf?.equals),
      flagEquals: equalsText(item.flag?.equals),
      flagLabel: item.flag?.label ?? '',
      translations: Object.fromEntries(
        LANGS.map((lang) => {
          const t = translations[lang]?.items?.[item.key];
          const opts = t?.options
            ? Object.entries(t.options)
                .map(([value, label]) => `${value}:${label}`)
                .join('\n')
            : '';
          return [lang, { label: t?.label ?? '', options: opts }];
        }),
      ) as ItemDraft['translations'],
    })),
    body: version.body ?? '',
    bodyTranslations: { en: translations.en?.body ?? '', 'zh-CN': translations['zh-CN']?.body ?? '' },
  };
}

/** The editor's fields → the body of POST/PUT versions. */
export function toVersionBody(kind: 'QUESTIONNAIRE' | 'CONSENT', draft: VersionDraft): VersionBody {
  const types = new Map(draft.items.map((item) => [item.key.trim(), item.type]));
  const items: FormItem[] = draft.items.map((d) => {
    const key = d.key.trim();
    const item: FormItem = { key, type: d.type, label: d.label.trim() };
    if (d.required) item.required = true;
    if (CHOICE_TYPES.includes(d.type)) item.options = parseOptions(d.options);
    if (d.showIfKey) item.showIf = { key: d.showIfKey, equals: parseEquals(types.get(d.showIfKey), d.showIfEquals) };
    if (d.flagLabel.trim()) item.flag = { equals: parseEquals(d.type, d.flagEquals), label: d.flagLabel.trim() };
    return item;
  });
  const translations: VersionTranslations = {};
  for (const lang of LANGS) {
    const entries = draft.items
      .filter((d) => d.translations[lang].label.trim())
      .map((d) => {
        const options = CHOICE_TYPES.includes(d.type) ? parseOptions(d.translations[lang].options) : [];
        return [
          d.key.trim(),
          { label: d.translations[lang].label.trim(), ...(options.length > 0 ? { options: Object.fromEntries(options.map((o) => [o.value, o.label])) } : {}) },
        ] as const;
      });
    const body = kind === 'CONSENT' ? draft.bodyTranslations[lang].trim() : '';
    if (entries.length > 0 || body) translations[lang] = { ...(body ? { body } : {}), ...(entries.length > 0 ? { items: Object.fromEntries(entries) } : {}) };
  }
  return { items, ...(kind === 'CONSENT' ? { body: draft.body } : {}), translations };
}

/** The items and text as a patient in `language` sees them (the preview): translations over the Japanese. */
export function localized(body: VersionBody, language: 'ja' | Lang): { items: FormItem[]; body: string } {
  if (language === 'ja') return { items: body.items, body: body.body ?? '' };
  const t = body.translations?.[language];
  return {
    items: body.items.map((item) => {
      const tr = t?.items?.[item.key];
      return {
        ...item,
        label: tr?.label || item.label,
        ...(item.options ? { options: item.options.map((o) => ({ value: o.value, label: tr?.options?.[o.value] || o.label })) } : {}),
      };
    }),
    body: t?.body || body.body || '',
  };
}
