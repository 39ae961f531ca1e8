import type { Countersign, FormResponse, NewFormResponse } from '../domain/form-response.entity';
import type { FormKind, MenuFormWhen } from '../domain/form.entity';

/** Where the tip of a person's chain stands when a response is appended. */
export interface ChainTip {
  /** The hash of the person's latest response, or "" for their first. */
  readonly prevHash: string;
  /** The latest response to the same form for the same reservation (the one a new one amends), or null. */
  readonly amends: string | null;
}

/**
 * The responses: append-only (the database refuses UPDATE and DELETE). Answers and signatures are
 * sealed at rest by the adapter.
 */
export interface FormResponseStorePort {
  /**
   * Appends a response to the person's chain. One person's appends run one at a time (a lock per
   * person), so two at once are both kept, in order, each chained to the one before.
   */
  append(userId: string, formId: string, reservationId: string, build: (tip: ChainTip) => NewFormResponse): Promise<FormResponse>;
  findById(id: string): Promise<FormResponse | null>;
  /** The responses of these reservations, oldest first. */
  listForReservations(reservationIds: readonly string[]): Promise<FormResponse[]>;
  /** Every response of the person, oldest first (the chain). */
  listForPerson(userId: string): Promise<FormResponse[]>;
  /** The person's latest response to the form, whatever the reservation. */
  lastOfForm(userId: string, formId: string): Promise<FormResponse | null>;
  /**
   * The complete responses (a questionnaire sent, a consent countersigned) of these people to
   * these forms: which person, form and reservation (FIRST_VISIT forms ask only until one exists).
   */
  completions(userIds: readonly string[], formIds: readonly string[]): Promise<Completion[]>;
  /**
   * What the forms' status of these reservations needs (the calendar, the reservation panel, the
   * messages' forms link), in one read: the forms these menus ask for that have an ACTIVE version
   * (in each menu's order); the complete responses of these people to those of them asked
   * FIRST_VISIT; and every response of these reservations, oldest first, with its flags.
   */
  statusFacts(query: StatusQuery): Promise<FormsStatusFacts>;
  /** Appends the countersign of a response; throws DomainRuleViolation(ALREADY_COUNTERSIGNED) when it has one. */
  countersign(responseId: string, countersign: Countersign): Promise<FormResponse>;
}

export interface Completion {
  readonly userId: string;
  readonly formId: string;
  readonly reservationId: string;
}

export interface StatusQuery {
  readonly reservationIds: readonly string[];
  readonly userIds: readonly string[];
  readonly menuIds: readonly string[];
}

/** A form a menu asks for, when it can be filled in (it has an ACTIVE version). */
export interface MenuRequirement {
  readonly menuId: string;
  readonly formId: string;
  readonly when: MenuFormWhen;
}

/** A response as a status needs it: no answers, only which form, whether countersigned, and its flags. */
export interface ResponseStatus {
  readonly reservationId: string;
  readonly formId: string;
  readonly kind: FormKind;
  readonly countersigned: boolean;
  readonly flags: readonly string[];
}

export interface FormsStatusFacts {
  readonly requirements: readonly MenuRequirement[];
  readonly completions: readonly Completion[];
  readonly responses: readonly ResponseStatus[];
}
