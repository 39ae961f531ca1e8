import type { DateValue } from '@internationalized/date';
import { FieldGroup, Input, OpenButton, PopoverCalendar, PopoverDialog, Segment, StyledDatePicker, StyledPopover } from './DatePicker.styles';
import { CalendarGridWithHeader } from '../Calendar/Calendar';
import { toCalendarDate, toIso } from '../Calendar/date';
import { FieldDescription, FieldErrorText } from '../shared/field.styles';
import { FieldLabelWithMark } from '../shared/FieldLabelWithMark';

export interface DatePickerProps {
  label: string;
  /** Selected date as `'YYYY-MM-DD'` (null when cleared). */
  value?: string | null;
  defaultValue?: string;
  /** Called with `'YYYY-MM-DD'`, or `''` when the field is cleared. */
  onChange?: (iso: string) => void;
  minValue?: string;
  maxValue?: string;
  isDateUnavailable?: (iso: string) => boolean;
  isRequired?: boolean;
  isInvalid?: boolean;
  isDisabled?: boolean;
  errorMessage?: string;
  description?: string;
  name?: string;
  /** Opens the calendar popover (controlled). */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  openCalendarLabel?: string;
  previousLabel?: string;
  nextLabel?: string;
  requiredLabel?: string;
  className?: string;
}

/** Date field (ja-JP segments: 年/月/日) with a calendar popover; ISO date strings in and out. */
export function DatePicker({
  label,
  value,
  defaultValue,
  onChange,
  minValue,
  maxValue,
  isDateUnavailable,
  isRequired,
  isInvalid,
  isDisabled,
  errorMessage,
  description,
  name,
  isOpen,
  onOpenChange,
  openCalendarLabel = 'カレンダーを開く',
  previousLabel = '前の月',
  nextLabel = '次の月',
  requiredLabel = '必須',
  className,
}: DatePickerProps) {
  const controlled = value !== undefined ? { value: toCalendarDate(value) ?? null } : {};
  const open = isOpen !== undefined ? { isOpen } : {};
  return (
    <StyledDatePicker
      {...controlled}
      {...open}
      onOpenChange={onOpenChange}
      defaultValue={toCalendarDate(defaultValue)}
      onChange={(d: DateValue | null) => onChange?.(d ? toIso(d) : '')}
      minValue={toCalendarDate(minValue)}
      maxValue={toCalendarDate(maxValue)}
      isDateUnavailable={isDateUnavailable ? (d: DateValue) => isDateUnavailable(toIso(d)) : undefined}
      isRequired={isRequired}
      isInvalid={isInvalid}
      isDisabled={isDisabled}
      name={name}
      granularity="day"
      validationBehavior="aria"
      className={className}
    >
      <FieldLabelWithMark label={label} isRequired={isRequired} requiredLabel={requiredLabel} />
      <FieldGroup>
        <Input>{(segment) => <Segment segment={segment} />}</Input>
        <OpenButton aria-label={openCalendarLabel}>
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M3 10h18M8 3v4M16 3v4" />
          </svg>
        </OpenButton>
      </FieldGroup>
      {description && <FieldDescription slot="description">{description}</FieldDescription>}
      <FieldErrorText>{errorMessage}</FieldErrorText>
      <StyledPopover placement="bottom start">
        <PopoverDialog aria-label={label}>
          <PopoverCalendar>
            <CalendarGridWithHeader previousLabel={previousLabel} nextLabel={nextLabel} />
          </PopoverCalendar>
        </PopoverDialog>
      </StyledPopover>
    </StyledDatePicker>
  );
}
