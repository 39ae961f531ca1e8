import { StyledTextArea, StyledTextAreaField } from './TextArea.styles';
import { FieldDescription, FieldErrorText } from '../shared/field.styles';
import { FieldLabelWithMark } from '../shared/FieldLabelWithMark';

export interface TextAreaProps {
  label: string;
  name?: string;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  isRequired?: boolean;
  isInvalid?: boolean;
  isDisabled?: boolean;
  errorMessage?: string;
  description?: string;
  placeholder?: string;
  maxLength?: number;
  /** Visible marker next to the label of a required field. */
  requiredLabel?: string;
  className?: string;
}

/** Labelled multi-line text (react-aria TextField with a TextArea); `errorMessage` shows when `isInvalid`. */
export function TextArea({ label, isRequired, isInvalid, errorMessage, description, placeholder, requiredLabel = '必須', className, ...rest }: TextAreaProps) {
  return (
    <StyledTextAreaField {...rest} isRequired={isRequired} isInvalid={isInvalid} validationBehavior="aria" className={className}>
      <FieldLabelWithMark label={label} isRequired={isRequired} requiredLabel={requiredLabel} />
      <StyledTextArea placeholder={placeholder} />
      {description && <FieldDescription slot="description">{description}</FieldDescription>}
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </StyledTextAreaField>
  );
}
