import type { Language } from '../../shared/language';
import type { Answers, FormKind } from './form.entity';

/** PENDING (nothing sent), SUBMITTED, SIGNED (a consent sent, not yet countersigned), COMPLETE. */
export type FormStatus = 'PENDING' | 'SUBMITTED' | 'SIGNED' | 'COMPLETE';

export const COUNTERSIGN_MODES = ['IN_PERSON', 'ONLINE'] as const;
export type CountersignMode = (typeof COUNTERSIGN_MODES)[number];

export interface StoredSignature {
  readonly name: string;
  /** The drawn signature, a `data:image/png;base64,…` URL, or null. */
  readonly image: string | null;
  readonly guardian: { readonly name: string; readonly relation: string } | null;
  /** The birth date the person gave on the form (the clinic did not know it); absent otherwise. */
  readonly birthDate?: string | null;
}

export interface Countersign {
  /** The doctor who explained and countersigned. */
  readonly staffId: string;
  readonly staffName: string;
  readonly mode: CountersignMode;
  /** ISO 8601 with offset. */
  readonly at: string;
  /** The staff member who recorded it (the doctor, or staff at the doctor's side). */
  readonly recordedBy: string | null;
}

/** What is appended: one response, chained to the person's previous one. Never changed afterwards. */
export interface NewFormResponse {
  readonly userId: string;
  readonly reservationId: string;
  readonly formId: string;
  readonly versionId: string;
  readonly kind: FormKind;
  readonly answers: Answers;
  readonly flags: readonly string[];
  readonly signature: StoredSignature | null;
  readonly language: Language;
  /** ISO 8601 with offset. */
  readonly submittedAt: string;
  readonly amends: string | null;
  readonly canonical: string;
  readonly prevHash: string;
  readonly hash: string;
}

export interface FormResponse extends NewFormResponse {
  readonly id: string;
  readonly countersign: Countersign | null;
}

/** A questionnaire is complete when sent; a consent is signed when sent and complete once countersigned. */
export const isComplete = (kind: FormResponse['kind'], countersigned: boolean): boolean => kind === 'QUESTIONNAIRE' || countersigned;

/** COMPLETE or, for a consent not yet countersigned, SIGNED (see `isComplete`). */
export const statusOf = (response: Pick<FormResponse, 'kind' | 'countersign'>): Exclude<FormStatus, 'PENDING'> =>
  isComplete(response.kind, Boolean(response.countersign)) ? 'COMPLETE' : 'SIGNED';

/** The record that is hashed (as canonical JSON): everything the person sent and what it answers. */
export const responseRecord = (response: Omit<NewFormResponse, 'canonical' | 'prevHash' | 'hash'>, versionHash: string, imageSha256: string | null) => ({
  amends: response.amends,
  answers: response.answers,
  flags: response.flags,
  formId: response.formId,
  kind: response.kind,
  language: response.language,
  reservationId: response.reservationId,
  signature: response.signature
    ? {
        guardian: response.signature.guardian,
        imageSha256,
        name: response.signature.name,
        ...(response.signature.birthDate ? { birthDate: response.signature.birthDate } : {}),
      }
    : null,
  submittedAt: response.submittedAt,
  userId: response.userId,
  versionHash,
  versionId: response.versionId,
});
