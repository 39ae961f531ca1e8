import {
  Button,
  Callout,
  Card,
  ConsentPanel,
  emptyConsent,
  formAnswersToSend,
  FormRenderer,
  Heading,
  isUnder18,
  prefillFormAnswers,
  Stack,
  Text,
  validateConsent,
  validateFormAnswers,
  type ConsentField,
  type ConsentValue,
  type FormAnswers,
} from '@clinic/ui-kit';
import { useEffect, useRef, useState } from 'react';
import { HttpError } from '../../shared/api/http';
import { tokyoDate } from '../../shared/booking';
import type { FormsApi, FormSubmission, PatientForm, SubmittedForm } from './forms.api';
import { fill, useFormsTexts } from './forms-texts';

export interface FormFillProps {
  form: PatientForm;
  api: FormsApi;
  /** The person's birth date when the clinic knows it; otherwise a consent asks for it. */
  birthDate?: string | null;
  onSent: (form: PatientForm, answer: SubmittedForm) => void;
  /** The server has a newer version (409 FORM_VERSION_CHANGED): load the list again. */
  onVersionChanged: () => void;
}

type Errors = { answers: Record<string, string>; consent: Partial<Record<ConsentField, string>> };
const noErrors: Errors = { answers: {}, consent: {} };

/** The server's field paths (`answers.pregnant`, `body.signature.name`…) → the page's fields. */
export function serverFieldErrors(fields: readonly { path: string; message: string }[]): Errors {
  const errors: Errors = { answers: {}, consent: {} };
  const consentField: Record<string, ConsentField> = {
    'signature.name': 'name',
    signature: 'name',
    'signature.guardian.name': 'guardianName',
    'signature.guardian.relation': 'guardianRelation',
    'signature.guardian': 'guardianName',
    'signature.birthDate': 'birthDate',
  };
  for (const { path, message } of fields) {
    const bare = path.replace(/^body\./, '');
    if (bare.startsWith('answers.')) {
      const key = bare.slice('answers.'.length).split('.')[0]!;
      errors.answers[key] ??= message;
    } else if (consentField[bare]) {
      errors.consent[consentField[bare]] ??= message;
    }
  }
  return errors;
}

/**
 * One form being filled: a questionnaire's items and, for a consent, the text and the
 * signature. Nothing leaves the browser until 送信する; a refusal shows beside its field.
 */
export function FormFill({ form, api, birthDate, onSent, onVersionChanged }: FormFillProps) {
  const texts = useFormsTexts();
  const [answers, setAnswers] = useState<FormAnswers>(() => prefillFormAnswers(form.items, form.prefill));
  const prefilled = useRef(Object.keys(answers).length > 0);
  const [consent, setConsent] = useState<ConsentValue>(emptyConsent);
  const [errors, setErrors] = useState<Errors>(noErrors);
  const [failure, setFailure] = useState<string | null>(null);
  const [versionNotice, setVersionNotice] = useState(false);
  const [sending, setSending] = useState(false);
  const [dirty, setDirty] = useState(false);
  // The server counts the age on the visit day: it may ask for a guardian the page did not expect.
  const [minorByServer, setMinorByServer] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const version = useRef(form.versionId);

  // A newer version arrived (after a 409): keep the answers that still fit it, and say so.
  useEffect(() => {
    if (version.current === form.versionId) return;
    version.current = form.versionId;
    setAnswers((current) => prefillFormAnswers(form.items, current));
    setErrors(noErrors);
    setVersionNotice(true);
  }, [form.versionId, form.items]);

  // Nothing is saved until sent: ask before the tab closes on unsent answers.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const isConsent = form.kind === 'CONSENT';
  const knownBirthDate = birthDate ?? null;
  const askBirthDate = isConsent && !knownBirthDate;
  const guardianRequired = isConsent && (minorByServer || isUnder18(knownBirthDate ?? consent.birthDate, tokyoDate(new Date())));

  const focusFirstError = () => {
    requestAnimationFrame(() => {
      const invalid = rootRef.current?.querySelector<HTMLElement>(
        '[aria-invalid="true"], [data-invalid] input, [data-invalid] [role="radio"], [data-invalid] [role="checkbox"], [data-invalid] [role="spinbutton"]',
      );
      invalid?.focus();
    });
  };

  async function send() {
    setFailure(null);
    const answerErrors = validateFormAnswers(form.items, answers, { required: texts.form.requiredMessage, invalidOption: texts.form.invalidOption });
    const consentErrors = isConsent
      ? validateConsent(consent, { guardianRequired, askBirthDate }, { agree: texts.consent.agreeMessage, required: texts.form.requiredMessage })
      : {};
    if (Object.keys(answerErrors).length > 0 || Object.keys(consentErrors).length > 0) {
      setErrors({ answers: answerErrors, consent: consentErrors });
      setFailure(texts.form.fixErrors);
      focusFirstError();
      return;
    }
    setErrors(noErrors);
    const submission: FormSubmission = { versionId: form.versionId, answers: formAnswersToSend(form.items, answers) };
    if (isConsent) {
      submission.signature = {
        name: consent.name.trim(),
        ...(consent.image ? { image: consent.image } : {}),
        ...(guardianRequired ? { guardian: { name: consent.guardianName.trim(), relation: consent.guardianRelation.trim() } } : {}),
        ...(askBirthDate && consent.birthDate ? { birthDate: consent.birthDate } : {}),
      };
    }
    setSending(true);
    try {
      const answer = await api.submit(form.formId, submission);
      setDirty(false);
      onSent(form, answer);
    } catch (error) {
      setSending(false);
      if (error instanceof HttpError && error.code === 'FORM_VERSION_CHANGED') {
        onVersionChanged();
        return;
      }
      if (error instanceof HttpError && error.fields.length > 0) {
        const fields = serverFieldErrors(error.fields);
        if (fields.consent.guardianName !== undefined || fields.consent.guardianRelation !== undefined) setMinorByServer(true);
        setErrors(fields);
        focusFirstError();
      }
      setFailure(error instanceof HttpError ? error.notice.text : String(error));
    }
  }

  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setDirty(true);
    };

  return (
    <div ref={rootRef}>
      <Card
        as="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
        aria-label={form.title}
      >
        <Stack gap={5}>
          <Stack gap={1}>
            <Text size="sm" tone="muted">
              {`${texts.kinds[form.kind]}${texts.form.separator}${fill(texts.form.version, { version: form.version })}`}
            </Text>
            <Heading level={2} data-form-heading tabIndex={-1}>
              {form.title}
            </Heading>
          </Stack>
          {versionNotice && (
            <Callout tone="warning" role="status">
              {texts.form.versionChanged}
            </Callout>
          )}
          {prefilled.current && !versionNotice && (
            <Callout tone="info" size="sm">
              {texts.form.prefilled}
            </Callout>
          )}
          {form.items.length > 0 && (
            <FormRenderer
              items={form.items}
              answers={answers}
              onChange={change(setAnswers)}
              errors={errors.answers}
              isDisabled={sending}
              aria-label={form.title}
              yesLabel={texts.form.yes}
              noLabel={texts.form.no}
              requiredLabel={texts.form.required}
              multiDescription={texts.form.multi}
              openCalendarLabel={texts.form.openCalendar}
              previousLabel={texts.form.previousMonth}
              nextLabel={texts.form.nextMonth}
            />
          )}
          {isConsent && (
            <ConsentPanel
              body={form.body ?? ''}
              value={consent}
              onChange={change(setConsent)}
              guardianRequired={guardianRequired}
              askBirthDate={askBirthDate}
              errors={errors.consent}
              isDisabled={sending}
              bodyLabel={texts.consent.bodyLabel}
              agreeLabel={texts.consent.agree}
              nameLabel={texts.consent.name}
              nameDescription={texts.consent.nameDescription}
              birthDateLabel={texts.consent.birthDate}
              birthDateDescription={texts.consent.birthDateDescription}
              guardianLegend={texts.consent.guardianLegend}
              guardianDescription={texts.consent.guardianDescription}
              guardianNameLabel={texts.consent.guardianName}
              guardianRelationLabel={texts.consent.guardianRelation}
              guardianRelationPlaceholder={texts.consent.guardianRelationPlaceholder}
              requiredLabel={texts.form.required}
              signatureLabel={texts.consent.signature}
              signatureDescription={texts.consent.signatureDescription}
              clearLabel={texts.consent.clear}
              signatureEmptyLabel={texts.consent.signatureEmpty}
              signatureDrawnLabel={texts.consent.signatureDrawn}
              openCalendarLabel={texts.form.openCalendar}
              previousLabel={texts.form.previousMonth}
              nextLabel={texts.form.nextMonth}
            />
          )}
          {failure && (
            <Callout tone="danger" role="alert">
              {failure}
            </Callout>
          )}
          <Button type="submit" isPending={sending} pendingLabel={texts.form.sending}>
            {texts.form.send}
          </Button>
        </Stack>
      </Card>
    </div>
  );
}
