import type { FormAnswer, FormItem } from '@clinic/ui-kit';
import { createApi, type Answer, type Input } from '../../../shared/api/api';
import { staffForms } from '../../../shared/api/endpoints';
import type { HttpClient } from '../../../shared/api/http';

/* The staff side of API.md "Web forms": responses of a reservation, countersign, export. */

/** A response as staff read it (the contract's `formResponseJson`): its own version's Japanese items and text. */
export type FormResponse = Answer<'staffForms', 'response'>;
export type FormKind = FormResponse['kind'];
export type ResponseStatus = FormResponse['status'];
export type CountersignMode = Input<'staffForms', 'countersign'>['body']['mode'];
export type FormsExport = Answer<'staffForms', 'memberExport'>;

/** `forms` of the staff reservation answers (calendar, panel). */
export interface ReservationForms {
  required: number;
  complete: number;
  flags: string[];
  /** The reservation's `formsSent`: how many the person has sent (a consent waiting for the doctor included). */
  sent?: number;
}

export function staffFormsApi(http: HttpClient, api = createApi(http, { staffForms })) {
  return {
    responses: (reservationId: string): Promise<FormResponse[]> => api.staffForms.reservation({ params: { id: reservationId } }),
    countersign: (responseId: string, explainedBy: string, mode: CountersignMode): Promise<FormResponse> =>
      api.staffForms.countersign({ params: { responseId }, body: { explainedBy, mode } }),
    exportMember: (userId: string): Promise<FormsExport> => api.staffForms.memberExport({ params: { id: userId } }),
  };
}

export type StaffFormsApi = ReturnType<typeof staffFormsApi>;

const id = (value: string) => encodeURIComponent(value);

/** The staff answers page of a reservation (calendar panel's link). */
export const staffFormsPath = (reservationId: string, clinicId?: string): string =>
  `/staff/reservations/${id(reservationId)}/forms/${clinicId ? `?clinicId=${id(clinicId)}` : ''}`;

/** The printable page of one response. */
export const printPath = (responseId: string): string => `/staff/form-responses/${id(responseId)}/print/`;

/** One member's forms: every response, printable, with the hash chain's check and the JSON file. */
export const memberFormsPath = (userId: string): string => `/staff/users/${id(userId)}/forms/`;

/** The newest response of each form (the one no later response amends), oldest form first. */
export function currentResponses(responses: readonly FormResponse[]): FormResponse[] {
  const amended = new Set(responses.map((r) => r.amends).filter((a): a is string => Boolean(a)));
  return responses.filter((r) => !amended.has(r.responseId));
}

/**
 * The person's previous answer to the same form, from an earlier visit: the newest record of
 * that form sent before `response` that is not one of this reservation's responses.
 */
export function previousResponse(response: FormResponse, history: readonly FormResponse[], ofThisVisit: ReadonlySet<string>): FormResponse | null {
  let found: FormResponse | null = null;
  for (const record of history) {
    if (record.formId !== response.formId || ofThisVisit.has(record.responseId)) continue;
    if (record.submittedAt >= response.submittedAt) continue;
    if (!found || record.submittedAt > found.submittedAt) found = record;
  }
  return found;
}

/** An answer in words, with the item's own option labels. */
export function answerText(item: FormItem | undefined, answer: FormAnswer | undefined, words: { yes: string; no: string; none: string }): string {
  if (answer === undefined || (Array.isArray(answer) && answer.length === 0) || answer === '') return words.none;
  const optionLabel = (value: string) => item?.options?.find((o) => o.value === value)?.label ?? value;
  if (typeof answer === 'boolean') return answer ? words.yes : words.no;
  if (Array.isArray(answer)) return answer.map(optionLabel).join('、');
  if (item?.type === 'single') return optionLabel(answer as string);
  return answer as string;
}

/** Whether two answers differ (order of a multi answer aside). */
export function answersDiffer(a: FormAnswer | undefined, b: FormAnswer | undefined): boolean {
  const norm = (v: FormAnswer | undefined) => (Array.isArray(v) ? JSON.stringify([...v].sort()) : JSON.stringify(v ?? null));
  return norm(a) !== norm(b);
}
