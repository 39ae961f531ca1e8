import { useId } from 'react';
import { Checkbox } from '../Checkbox/Checkbox';
import { DatePicker } from '../DatePicker/DatePicker';
import { FieldGroup } from '../FieldGroup/FieldGroup';
import { SignaturePad } from '../SignaturePad/SignaturePad';
import { TextField } from '../TextField/TextField';
import { AgreeError, Body, ConsentPanelRoot } from './ConsentPanel.styles';
import type { ConsentField, ConsentValue } from './consent-rules';

export interface ConsentPanelProps {
  /** The consent text, line breaks kept. */
  body: string;
  value: ConsentValue;
  onChange: (value: ConsentValue) => void;
  /** Under 18: the guardian's name and relation are asked and required. */
  guardianRequired?: boolean;
  /** The clinic does not know the birth date: ask it (it decides whether a guardian signs). */
  askBirthDate?: boolean;
  errors?: Partial<Record<ConsentField, string>>;
  isDisabled?: boolean;
  bodyLabel?: string;
  agreeLabel?: string;
  nameLabel?: string;
  nameDescription?: string;
  birthDateLabel?: string;
  birthDateDescription?: string;
  guardianLegend?: string;
  guardianDescription?: string;
  guardianNameLabel?: string;
  guardianRelationLabel?: string;
  guardianRelationPlaceholder?: string;
  requiredLabel?: string;
  signatureLabel?: string;
  signatureDescription?: string;
  clearLabel?: string;
  signatureEmptyLabel?: string;
  signatureDrawnLabel?: string;
  openCalendarLabel?: string;
  previousLabel?: string;
  nextLabel?: string;
  className?: string;
}

/**
 * A consent (同意書) as the patient signs it: the text to read, the tick, the typed name (the
 * signature), an optional drawn signature, the birth date when unknown and, for a minor, the
 * guardian's name and relation.
 */
export function ConsentPanel({
  body,
  value,
  onChange,
  guardianRequired = false,
  askBirthDate = false,
  errors = {},
  isDisabled,
  bodyLabel = '同意書の本文',
  agreeLabel = '上記の説明を読み、内容を理解したうえで施術に同意します',
  nameLabel = 'ご署名（お名前）',
  nameDescription = 'お名前の入力が署名になります。',
  birthDateLabel = '生年月日',
  birthDateDescription = '18歳未満の方は保護者の同意が必要です。',
  guardianLegend = '保護者の同意',
  guardianDescription = '18歳未満の方は、保護者の方がお名前と続柄をご記入ください。',
  guardianNameLabel = '保護者のお名前',
  guardianRelationLabel = '続柄',
  guardianRelationPlaceholder = '例：母',
  requiredLabel = '必須',
  signatureLabel,
  signatureDescription,
  clearLabel,
  signatureEmptyLabel,
  signatureDrawnLabel,
  openCalendarLabel,
  previousLabel,
  nextLabel,
  className,
}: ConsentPanelProps) {
  const agreeErrorId = useId();
  const set = (patch: Partial<ConsentValue>) => onChange({ ...value, ...patch });
  const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
  return (
    <ConsentPanelRoot className={className}>
      <Body role="region" aria-label={bodyLabel} tabIndex={0}>
        {body}
      </Body>
      <div>
        <Checkbox isSelected={value.agreed} onChange={(agreed) => set({ agreed })} isRequired isInvalid={errors.agreed !== undefined} isDisabled={isDisabled}>
          {agreeLabel}
        </Checkbox>
        {errors.agreed && (
          <AgreeError id={agreeErrorId} role="alert">
            {errors.agreed}
          </AgreeError>
        )}
      </div>
      {askBirthDate && (
        <DatePicker
          label={birthDateLabel}
          description={birthDateDescription}
          value={value.birthDate || null}
          onChange={(birthDate) => set({ birthDate })}
          isRequired
          isInvalid={errors.birthDate !== undefined}
          errorMessage={errors.birthDate}
          isDisabled={isDisabled}
          requiredLabel={requiredLabel}
          {...defined({ openCalendarLabel, previousLabel, nextLabel })}
        />
      )}
      <TextField
        label={nameLabel}
        description={nameDescription}
        value={value.name}
        onChange={(name) => set({ name })}
        autoComplete="name"
        maxLength={100}
        isRequired
        isInvalid={errors.name !== undefined}
        errorMessage={errors.name}
        isDisabled={isDisabled}
        requiredLabel={requiredLabel}
      />
      <SignaturePad
        value={value.image}
        onChange={(image) => set({ image })}
        isDisabled={isDisabled}
        {...defined({ label: signatureLabel, description: signatureDescription, clearLabel, emptyLabel: signatureEmptyLabel, drawnLabel: signatureDrawnLabel })}
      />
      {guardianRequired && (
        <FieldGroup legend={guardianLegend} isInvalid={errors.guardianName !== undefined || errors.guardianRelation !== undefined}>
          <span>{guardianDescription}</span>
          <TextField
            label={guardianNameLabel}
            value={value.guardianName}
            onChange={(guardianName) => set({ guardianName })}
            maxLength={100}
            isRequired
            isInvalid={errors.guardianName !== undefined}
            errorMessage={errors.guardianName}
            isDisabled={isDisabled}
            requiredLabel={requiredLabel}
          />
          <TextField
            label={guardianRelationLabel}
            placeholder={guardianRelationPlaceholder}
            value={value.guardianRelation}
            onChange={(guardianRelation) => set({ guardianRelation })}
            maxLength={20}
            isRequired
            isInvalid={errors.guardianRelation !== undefined}
            errorMessage={errors.guardianRelation}
            isDisabled={isDisabled}
            requiredLabel={requiredLabel}
          />
        </FieldGroup>
      )}
    </ConsentPanelRoot>
  );
}
