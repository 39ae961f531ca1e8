import { CheckboxGroup } from '../CheckboxGroup/CheckboxGroup';
import { DatePicker } from '../DatePicker/DatePicker';
import { RadioGroup } from '../RadioGroup/RadioGroup';
import { TextArea } from '../TextArea/TextArea';
import { TextField } from '../TextField/TextField';
import { FormRendererRoot } from './FormRenderer.styles';
import { visibleFormItems, type FormAnswer, type FormAnswers, type FormItem } from './form-rules';

export interface FormRendererProps {
  /** The version's items, in order (already in the patient's language). */
  items: readonly FormItem[];
  /** The answers so far, by item key (controlled; nothing is saved until the page sends). */
  answers: FormAnswers;
  onChange: (answers: FormAnswers) => void;
  /** A reason per item key: the page's own check or the server's `fields`. */
  errors?: Readonly<Record<string, string>>;
  isDisabled?: boolean;
  /** The answer `true` of a `yesno` item. */
  yesLabel?: string;
  /** The answer `false` of a `yesno` item. */
  noLabel?: string;
  requiredLabel?: string;
  /** Calendar strings of `date` items. */
  openCalendarLabel?: string;
  previousLabel?: string;
  nextLabel?: string;
  /** For a `multi` item: the hint under its label. */
  multiDescription?: string;
  'aria-label'?: string;
  className?: string;
}

const TEXT_MAX = 500;
const TEXTAREA_MAX = 4000;

/**
 * A questionnaire (問診票) as the patient fills it: one field per shown item, 必須 marks, items
 * hidden while their "show only if" answer is not given, and each item's reason under it. Flags
 * are not shown here: they are for staff.
 */
export function FormRenderer({
  items,
  answers,
  onChange,
  errors = {},
  isDisabled,
  yesLabel = 'はい',
  noLabel = 'いいえ',
  requiredLabel = '必須',
  openCalendarLabel,
  previousLabel,
  nextLabel,
  multiDescription = '当てはまるものをすべて選んでください。',
  'aria-label': ariaLabel,
  className,
}: FormRendererProps) {
  const set = (key: string, value: FormAnswer | undefined) => {
    const next: Record<string, FormAnswer> = { ...answers };
    if (value === undefined) delete next[key];
    else next[key] = value;
    onChange(next);
  };
  return (
    <FormRendererRoot role="group" aria-label={ariaLabel} className={className}>
      {visibleFormItems(items, answers).map((item) => {
        const error = errors[item.key];
        const common = {
          label: item.label,
          isRequired: item.required ?? false,
          isInvalid: error !== undefined,
          errorMessage: error,
          isDisabled,
          requiredLabel,
        };
        const answer = answers[item.key];
        return (
          <div key={item.key} data-form-item={item.key} data-type={item.type}>
            {item.type === 'text' && (
              <TextField {...common} value={typeof answer === 'string' ? answer : ''} maxLength={TEXT_MAX} onChange={(v) => set(item.key, v)} />
            )}
            {item.type === 'textarea' && (
              <TextArea {...common} value={typeof answer === 'string' ? answer : ''} maxLength={TEXTAREA_MAX} onChange={(v) => set(item.key, v)} />
            )}
            {item.type === 'yesno' && (
              <RadioGroup
                {...common}
                orientation="horizontal"
                options={[
                  { value: 'true', label: yesLabel },
                  { value: 'false', label: noLabel },
                ]}
                value={typeof answer === 'boolean' ? String(answer) : null}
                onChange={(v) => set(item.key, v === 'true')}
              />
            )}
            {item.type === 'single' && (
              <RadioGroup {...common} options={item.options ?? []} value={typeof answer === 'string' ? answer : null} onChange={(v) => set(item.key, v)} />
            )}
            {item.type === 'multi' && (
              <CheckboxGroup
                {...common}
                description={multiDescription}
                options={item.options ?? []}
                value={Array.isArray(answer) ? answer : []}
                onChange={(v) => set(item.key, v.length > 0 ? v : undefined)}
              />
            )}
            {item.type === 'date' && (
              <DatePicker
                {...common}
                value={typeof answer === 'string' && answer !== '' ? answer : null}
                onChange={(iso) => set(item.key, iso === '' ? undefined : iso)}
                {...(openCalendarLabel ? { openCalendarLabel } : {})}
                {...(previousLabel ? { previousLabel } : {})}
                {...(nextLabel ? { nextLabel } : {})}
              />
            )}
          </div>
        );
      })}
    </FormRendererRoot>
  );
}
