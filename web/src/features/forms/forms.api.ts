import { createApi, type Answer, type Input } from '../../shared/api/api';
import { guestForms, memberForms } from '../../shared/api/endpoints';
import type { HttpClient } from '../../shared/api/http';

/*
 * The person's side of API.md "Web forms": the forms a reservation needs, in the person's
 * language, and the submission. Members reach them by reservation id (their session), guests
 * by the booking's cancel token.
 */

/** A form the reservation needs, in the person's language (the contract's `personFormJson`). */
export type PatientForm = Answer<'memberForms', 'list'>[number];
export type FormKind = PatientForm['kind'];
export type FormStatus = PatientForm['status'];
/** What 送信する sends: the version, the answers and, on a consent, the signature. */
export type FormSubmission = Input<'memberForms', 'submit'>['body'];
export type FormSignature = NonNullable<FormSubmission['signature']>;
export type SubmittedForm = Answer<'memberForms', 'submit'>;

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
