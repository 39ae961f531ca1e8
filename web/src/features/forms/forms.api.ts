import type { FormAnswer, FormItem } from '@clinic/ui-kit';
import { createApi } from '../../shared/api/api';
import { guestForms, memberForms } from '../../shared/api/endpoints';
import type { HttpClient } from '../../shared/api/http';

/*
 * The person's side of API.md "Web forms": the forms a reservation needs, in the person's
 * language, and the submission. Members reach them by reservation id (their session), guests
 * by the booking's cancel token.
 */

export type FormKind = 'QUESTIONNAIRE' | 'CONSENT';
export type FormStatus = 'PENDING' | 'SUBMITTED' | 'SIGNED' | 'COMPLETE';

export interface PatientForm {
  formId: string;
  kind: FormKind;
  title: string;
  versionId: string;
  version: number;
  status: FormStatus;
  items: FormItem[];
  /** The consent text (CONSENT), in the person's language. */
  body: string | null;
  /** The answers of the person's last response to this form, or `{}`. */
  prefill: Record<string, unknown>;
}

export interface FormSignature {
  name: string;
  /** `data:image/png;base64,…`, when drawn. */
  image?: string;
  guardian?: { name: string; relation: string };
  /** Asked on the form when the clinic does not know it: the server decides by it whether a guardian signs. */
  birthDate?: string;
}

export interface FormSubmission {
  versionId: string;
  answers: Record<string, FormAnswer>;
  signature?: FormSignature;
}

export interface SubmittedForm {
  responseId: string;
  status: FormStatus;
  flags: string[];
  hash: string;
  prevHash: string;
}

export interface FormsApi {
  list: () => Promise<PatientForm[]>;
  /** Failures are not announced: the page shows them beside the form (fields, a new version). */
  submit: (formId: string, submission: FormSubmission) => Promise<SubmittedForm>;
}

export function memberFormsApi(http: HttpClient, reservationId: string, api = createApi(http, { memberForms })): FormsApi {
  return {
    list: () => api.memberForms.list({ params: { id: reservationId } }),
    submit: (formId, submission) => api.memberForms.submit({ params: { id: reservationId, formId }, body: submission }, { notifyErrors: false }),
  };
}

export function guestFormsApi(http: HttpClient, token: string, api = createApi(http, { guestForms })): FormsApi {
  return {
    list: () => api.guestForms.list({ query: { token } }),
    submit: (formId, submission) => api.guestForms.submit({ params: { formId }, body: { ...submission, token } }, { notifyErrors: false }),
  };
}
