import type { ReactNode } from 'react';
import { FieldLabel, RequiredMark } from './field.styles';

/**
 * A field's react-aria label, with the visible 必須 mark when the field is required. The mark is
 * hidden from assistive technology, which hears "required" from the field itself.
 */
export function FieldLabelWithMark({ label, isRequired, requiredLabel }: { label: ReactNode; isRequired?: boolean; requiredLabel: string }) {
  return (
    <FieldLabel>
      {label}
      {isRequired && <RequiredMark aria-hidden="true">{requiredLabel}</RequiredMark>}
    </FieldLabel>
  );
}
