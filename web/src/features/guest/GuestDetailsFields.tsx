import { useT } from '../../i18n';
import type { Language } from '../../i18n/languages';
import type { FormProblems, GuestField, GuestForm } from './booking-logic';
import { Field } from './guest.styles';

const FIELDS: { field: GuestField; type: string; autoComplete: string; inputMode?: 'tel' | 'email' | 'text' }[] = [
  { field: 'name', type: 'text', autoComplete: 'name' },
  { field: 'kana', type: 'text', autoComplete: 'off' },
  { field: 'phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  { field: 'email', type: 'email', autoComplete: 'email', inputMode: 'email' },
];

/** The fields a guest fills in, in their order: kana is asked in Japanese only (docs/languages.md). */
export const guestFields = (language: Language, withEmail = true): GuestField[] =>
  FIELDS.map(({ field }) => field).filter((field) => (language === 'ja' || field !== 'kana') && (withEmail || field !== 'email'));

/**
 * A guest's name, kana, phone and e-mail, each with its label, 必須 mark and problem: the booking
 * form and the waitlist registration. Ids are `${idPrefix}-${field}`.
 */
export function GuestDetailsFields(props: {
  idPrefix: string;
  language: Language;
  form: GuestForm;
  problems: FormProblems | null;
  onChange: (field: GuestField, value: string) => void;
  /** False in the LINE app: a LINE guest is reached by LINE, never asked for an e-mail. */
  withEmail?: boolean;
}) {
  const t = useT();
  const shown = guestFields(props.language, props.withEmail !== false);
  return (
    <>
      {FIELDS.filter(({ field }) => shown.includes(field)).map(({ field, type, autoComplete, inputMode }) => {
        const problem = props.problems?.[field];
        const id = `${props.idPrefix}-${field}`;
        return (
          <Field key={field}>
            <label htmlFor={id}>
              {t(`guestBooking.form.${field}`)}
              <span aria-hidden="true">{t('guestBooking.form.required')}</span>
            </label>
            <input
              id={id}
              name={field}
              type={type}
              autoComplete={autoComplete}
              inputMode={inputMode}
              required
              maxLength={field === 'email' ? 254 : 100}
              value={props.form[field]}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-error` : undefined}
              onChange={(event) => props.onChange(field, event.target.value)}
            />
            {problem && <p id={`${id}-error`}>{t(`guestBooking.form.problems.${problem}`)}</p>}
          </Field>
        );
      })}
    </>
  );
}
