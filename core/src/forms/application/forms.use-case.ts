import type { Staff } from '../../accounts/domain/staff.entity';
import type { MemberRepositoryPort } from '../../accounts/ports/member-repository.port';
import type { StaffRepositoryPort } from '../../accounts/ports/staff-repository.port';
import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { ReservationView } from '../../reservations/domain/reservation.entity';
import type { CancelTokensPort } from '../../reservations/ports/cancel-tokens.port';
import type { ReservationRepositoryPort } from '../../reservations/ports/reservation-repository.port';
import { tickCheckItem } from '../../settings/domain/check-item.entity';
import type { CheckItemRepositoryPort } from '../../settings/ports/check-item-repository.port';
import type { Actor } from '../../shared/actor';
import { DateTime } from 'luxon';
import { type ClockPort } from '../../shared/clock.port';
import { clinicZone } from '../../shared/zone-offset';
import type { FieldError } from '../../shared/errors';
import type { Language } from '../../shared/language';
import { fail, ok, type Result } from '../../shared/result';
import { flagsOf, validateAnswers, validateSignature, type SignatureInput } from '../domain/form-answers';
import { canonicalJson, chainHash, verifyChain } from '../domain/form-chain';
import {
  isComplete,
  responseRecord,
  statusOf,
  type CountersignMode,
  type FormResponse,
  type FormStatus,
  type NewFormResponse,
} from '../domain/form-response.entity';
import { localizeTitle, localizeVersion, type Answers, type Form, type FormItem, type FormVersion, type MenuFormWhen } from '../domain/form.entity';
import type { FormRepositoryPort } from '../ports/form-repository.port';
import type { Completion, FormResponseStorePort, ResponseStatus } from '../ports/form-response-store.port';
import type { HashPort } from '../ports/hash.port';
import { clinicIso } from './manage-forms.use-case';

/** A form a reservation asks for: the form, its ACTIVE version and why. */
export interface RequiredForm {
  readonly form: Form;
  readonly version: FormVersion;
  readonly when: MenuFormWhen;
}

/** A form as the person fills it in, in their language. */
export interface PersonForm {
  readonly formId: string;
  readonly kind: Form['kind'];
  readonly title: string;
  readonly versionId: string;
  readonly version: number;
  readonly status: FormStatus;
  /** Without the staff's flags. */
  readonly items: readonly Omit<FormItem, 'flag'>[];
  readonly body: string | null;
  /** The answers of the person's last response to this form (any visit), kept to the items of this version; {} when none. */
  readonly prefill: Answers;
}

/** A response as staff read it: rendered with its own version, in Japanese (the binding text). */
export interface ResponseView {
  readonly response: FormResponse;
  /** The form's title (Japanese). */
  readonly title: string;
  readonly version: number;
  readonly status: Exclude<FormStatus, 'PENDING'>;
  readonly items: readonly FormItem[];
  readonly body: string | null;
}

/** What the calendar and the reservation panel show: how many forms are asked, how many complete, and the flags. */
export interface FormsSummary {
  readonly required: number;
  readonly complete: number;
  /** Of the asked forms, those the person has sent (a consent waiting for the doctor's countersign counts). */
  readonly sent: number;
  readonly flags: readonly string[];
}

export interface SubmitInput {
  readonly versionId: string;
  readonly answers: Readonly<Record<string, unknown>>;
  readonly signature?: SignatureInput | null;
}

export interface Submitted {
  readonly response: FormResponse;
  readonly status: Exclude<FormStatus, 'PENDING'>;
}

type Person = Pick<ReservationView, 'id' | 'userId' | 'menuIds' | 'clinicId' | 'status'> & { readonly startMs?: number };

const LIVE = new Set(['RESERVED', 'VISITED']);

/**
 * The forms a reservation asks for and why, by form: those its menus name (one form asked by two
 * menus counts once; every visit wins over first visit only), but a FIRST_VISIT form the person
 * has already completed for another reservation.
 */
const wantedForms = (
  reservation: Person,
  menuForms: ReadonlyMap<string, readonly { readonly formId: string; readonly when: MenuFormWhen }[]>,
  completions: readonly Completion[],
): Map<string, MenuFormWhen> => {
  const wanted = new Map<string, MenuFormWhen>();
  for (const menuId of reservation.menuIds) {
    for (const each of menuForms.get(menuId) ?? []) {
      if (wanted.get(each.formId) !== 'EVERY_VISIT') wanted.set(each.formId, each.when);
    }
  }
  for (const [formId, when] of wanted) {
    if (
      when === 'FIRST_VISIT' &&
      completions.some((done) => done.userId === reservation.userId && done.formId === formId && done.reservationId !== reservation.id)
    ) {
      wanted.delete(formId);
    }
  }
  return wanted;
};

/**
 * The paperwork of a visit (docs/forms.md): which forms a reservation asks for, the person's side
 * (read, send, amend by sending again), the staff's side (read, countersign, export), and what the
 * calendar and the messages need to know. Answers never go into the audit trail or any log.
 */
export class FormsUseCase {
  constructor(
    private readonly forms: FormRepositoryPort,
    private readonly responses: FormResponseStorePort,
    private readonly reservations: Pick<ReservationRepositoryPort, 'findById' | 'findByCancelTokenHash'>,
    private readonly tokens: Pick<CancelTokensPort, 'hash'>,
    private readonly staffs: Pick<StaffRepositoryPort, 'findById'>,
    private readonly members: Pick<MemberRepositoryPort, 'findById'>,
    private readonly checkItems: CheckItemRepositoryPort,
    private readonly hasher: HashPort,
    private readonly clock: ClockPort,
    private readonly audit: AuditLogPort,
  ) {}

  /** A member's own reservation; another member's is not found. */
  async reservationOfMember(userId: string, reservationId: string): Promise<Result<ReservationView, 'RESERVATION_NOT_FOUND'>> {
    const reservation = await this.reservations.findById(reservationId);
    if (!reservation || reservation.userId !== userId) return fail('RESERVATION_NOT_FOUND');
    return ok(reservation);
  }

  /** The reservation of a guest's cancel token: a token reaches its own reservation only. */
  async reservationOfGuest(token: string): Promise<Result<ReservationView, 'INVALID_TOKEN'>> {
    const reservation = await this.reservations.findByCancelTokenHash(this.tokens.hash(token));
    return reservation ? ok(reservation) : fail('INVALID_TOKEN');
  }

  /** The forms each reservation asks for (batch: one read of each kind for all of them). */
  async requiredFor(reservations: readonly Person[]): Promise<Map<string, RequiredForm[]>> {
    const result = new Map<string, RequiredForm[]>(reservations.map((reservation) => [reservation.id, []]));
    if (reservations.length === 0) return result;
    const menuForms = await this.forms.menuForms([...new Set(reservations.flatMap((reservation) => reservation.menuIds))]);
    const formIds = [...new Set([...menuForms.values()].flat().map((each) => each.formId))];
    if (formIds.length === 0) return result;
    const firstVisitForms = [
      ...new Set(
        [...menuForms.values()]
          .flat()
          .filter((each) => each.when === 'FIRST_VISIT')
          .map((each) => each.formId),
      ),
    ];
    const [active, forms, completions] = await Promise.all([
      this.forms.activeVersions(formIds),
      this.forms.findByIds(formIds),
      firstVisitForms.length > 0
        ? this.responses.completions([...new Set(reservations.map((reservation) => reservation.userId))], firstVisitForms)
        : Promise.resolve([]),
    ]);
    const activeOf = new Map(active.map((version) => [version.formId, version]));
    const formOf = new Map(forms.map((form) => [form.id, form]));
    for (const reservation of reservations) {
      const list: RequiredForm[] = [];
      for (const [formId, when] of wantedForms(reservation, menuForms, completions)) {
        const form = formOf.get(formId);
        const version = activeOf.get(formId);
        if (form && version) list.push({ form, version, when });
      }
      result.set(reservation.id, list);
    }
    return result;
  }

  /** The latest response to each form, per reservation. */
  private async latestOf(reservationIds: readonly string[]): Promise<Map<string, Map<string, FormResponse>>> {
    const latest = new Map<string, Map<string, FormResponse>>(reservationIds.map((id) => [id, new Map()]));
    if (reservationIds.length === 0) return latest;
    for (const response of await this.responses.listForReservations(reservationIds)) {
      latest.get(response.reservationId)?.set(response.formId, response);
    }
    return latest;
  }

  /** The forms page of a reservation, in the person's language. */
  async personForms(reservation: Person, language: Language): Promise<PersonForm[]> {
    const [required, latest] = await Promise.all([this.requiredFor([reservation]), this.latestOf([reservation.id])]);
    const mine = latest.get(reservation.id)!;
    return Promise.all(
      (required.get(reservation.id) ?? []).map(async ({ form, version }) => {
        const response = mine.get(form.id);
        const last = response ?? (await this.responses.lastOfForm(reservation.userId, form.id));
        const { items, body } = localizeVersion(version, language);
        const keys = new Set(version.items.map((item) => item.key));
        const prefill = last ? Object.fromEntries(Object.entries(last.answers).filter(([key]) => keys.has(key))) : {};
        return {
          formId: form.id,
          kind: form.kind,
          title: localizeTitle(form, language),
          versionId: version.id,
          version: version.version,
          status: response ? statusOf(response) : 'PENDING',
          items: items.map(({ flag: _flag, ...item }) => item),
          body,
          prefill,
        };
      }),
    );
  }

  /**
   * Sends the person's answers to one form of the reservation. A version that is no longer the
   * ACTIVE one is FORM_VERSION_CHANGED (the page reloads the form); sending again makes a new
   * response that amends the last one; nothing is overwritten.
   */
  async submit(
    actor: Actor,
    reservation: Person,
    formId: string,
    input: SubmitInput,
    language: Language,
  ): Promise<Result<Submitted, 'FORM_NOT_FOUND' | 'FORM_VERSION_CHANGED' | 'VALIDATION_FAILED' | 'RESERVATION_NOT_FOUND'>> {
    if (!LIVE.has(reservation.status)) return fail('RESERVATION_NOT_FOUND');
    const required = (await this.requiredFor([reservation])).get(reservation.id)!.find((each) => each.form.id === formId);
    if (!required) return fail('FORM_NOT_FOUND');
    const { form, version } = required;
    if (input.versionId !== version.id) return fail('FORM_VERSION_CHANGED');
    const fields: FieldError[] = [];
    const answers = validateAnswers(version.items, input.answers);
    if (!answers.ok) fields.push(...(answers.error.fields ?? []));
    const member = form.kind === 'CONSENT' ? await this.members.findById(reservation.userId) : null;
    const signature = validateSignature(form.kind, input.signature, {
      knownBirthDate: member?.birthday ?? null,
      visitDate: reservation.startMs === undefined ? null : DateTime.fromMillis(reservation.startMs, { zone: clinicZone }).toISODate(),
    });
    if (!signature.ok) fields.push(...(signature.error.fields ?? []));
    if (!answers.ok || !signature.ok) return fail('VALIDATION_FAILED', { fields });
    const flags = flagsOf(version.items, answers.value);
    const signed = signature.value
      ? {
          name: signature.value.name,
          image: signature.value.image ?? null,
          guardian: signature.value.guardian ?? null,
          ...(signature.value.birthDate ? { birthDate: signature.value.birthDate } : {}),
        }
      : null;
    const imageSha256 = signed?.image ? this.hasher.sha256Hex(signed.image) : null;
    const submittedAt = clinicIso(this.clock);
    const response = await this.responses.append(reservation.userId, form.id, reservation.id, (tip): NewFormResponse => {
      const base = {
        userId: reservation.userId,
        reservationId: reservation.id,
        formId: form.id,
        versionId: version.id,
        kind: form.kind,
        answers: answers.value,
        flags,
        signature: signed,
        language,
        submittedAt,
        amends: tip.amends,
      };
      const canonical = canonicalJson(responseRecord(base, version.hash ?? '', imageSha256));
      return { ...base, canonical, prevHash: tip.prevHash, hash: chainHash(this.hasher, tip.prevHash, canonical) };
    });
    const status = statusOf(response);
    await this.audit.append({
      actorType: actor.type,
      actorId: actor.id,
      action: 'formResponse.create',
      entity: 'formResponse',
      entityId: response.id,
      after: { formId: form.id, versionId: version.id, reservationId: reservation.id, amends: response.amends, hash: response.hash },
    });
    if (status === 'COMPLETE') await this.tickCheckItem(form, reservation.userId, null);
    return ok({ response, status });
  }

  /** Every response of the reservation, oldest first, each with its own version. */
  async responsesOfReservation(reservationId: string): Promise<Result<ResponseView[], 'RESERVATION_NOT_FOUND'>> {
    const reservation = await this.reservations.findById(reservationId);
    if (!reservation) return fail('RESERVATION_NOT_FOUND');
    return ok(await this.render(await this.responses.listForReservations([reservationId])));
  }

  /** One response rendered with its own version (the printable page). */
  async responseById(responseId: string): Promise<Result<ResponseView, 'FORM_RESPONSE_NOT_FOUND'>> {
    const response = await this.responses.findById(responseId);
    if (!response) return fail('FORM_RESPONSE_NOT_FOUND');
    return ok((await this.render([response]))[0]!);
  }

  /** One person's responses, oldest first, and whether their hash chain is unbroken. */
  async exportOf(userId: string): Promise<Result<{ records: ResponseView[]; verified: boolean }, 'USER_NOT_FOUND'>> {
    const responses = await this.responses.listForPerson(userId);
    if (responses.length === 0 && !(await this.members.findById(userId))) return fail('USER_NOT_FOUND');
    return ok({ records: await this.render(responses), verified: verifyChain(this.hasher, responses) });
  }

  /** A doctor of the reservation's clinic countersigns a consent; only then is it COMPLETE. */
  async countersign(
    actor: Staff,
    responseId: string,
    input: { readonly explainedBy: string; readonly mode: CountersignMode },
  ): Promise<Result<ResponseView, 'FORM_RESPONSE_NOT_FOUND' | 'NOT_A_DOCTOR' | 'ALREADY_COUNTERSIGNED' | 'VALIDATION_FAILED'>> {
    const response = await this.responses.findById(responseId);
    if (!response) return fail('FORM_RESPONSE_NOT_FOUND');
    if (response.kind !== 'CONSENT') {
      return fail('VALIDATION_FAILED', { fields: [{ path: 'responseId', message: '医師の確認が必要なのは同意書だけです。' }] });
    }
    if (response.countersign) return fail('ALREADY_COUNTERSIGNED');
    const [reservation, doctor] = await Promise.all([this.reservations.findById(response.reservationId), this.staffs.findById(input.explainedBy)]);
    if (!doctor || doctor.doctor !== true || !reservation || doctor.clinicId !== reservation.clinicId) return fail('NOT_A_DOCTOR');
    // Two at once: the store's unique countersign per response refuses the second (ALREADY_COUNTERSIGNED).
    const signed = await this.responses.countersign(responseId, {
      staffId: doctor.id,
      staffName: doctor.name,
      mode: input.mode,
      at: clinicIso(this.clock),
      recordedBy: actor.id,
    });
    await this.audit.append({
      actorType: 'staff',
      actorId: actor.id,
      action: 'formResponse.countersign',
      entity: 'formResponse',
      entityId: responseId,
      after: { explainedBy: doctor.id, mode: input.mode },
    });
    const form = await this.forms.findById(response.formId);
    if (form) await this.tickCheckItem(form, response.userId, actor.id);
    return ok((await this.render([signed]))[0]!);
  }

  /**
   * What the calendar and the reservation panel show for each reservation, from one read of the
   * store (no answers opened, no versions read): the same forms as `requiredFor` asks for.
   */
  async summaries(reservations: readonly Person[]): Promise<Map<string, FormsSummary>> {
    if (reservations.length === 0) return new Map();
    const facts = await this.responses.statusFacts({
      reservationIds: reservations.map((reservation) => reservation.id),
      userIds: [...new Set(reservations.map((reservation) => reservation.userId))],
      menuIds: [...new Set(reservations.flatMap((reservation) => reservation.menuIds))],
    });
    const byMenu = new Map<string, { formId: string; when: MenuFormWhen }[]>();
    for (const { menuId, formId, when } of facts.requirements) {
      const list = byMenu.get(menuId) ?? [];
      list.push({ formId, when });
      byMenu.set(menuId, list);
    }
    const latest = new Map<string, Map<string, ResponseStatus>>();
    for (const response of facts.responses) {
      const mine = latest.get(response.reservationId) ?? new Map<string, ResponseStatus>();
      mine.set(response.formId, response);
      latest.set(response.reservationId, mine);
    }
    return new Map(
      reservations.map((reservation) => {
        const forms = [...wantedForms(reservation, byMenu, facts.completions).keys()];
        const mine = latest.get(reservation.id) ?? new Map<string, ResponseStatus>();
        const complete = forms.filter((formId) => {
          const response = mine.get(formId);
          return response !== undefined && isComplete(response.kind, response.countersigned);
        }).length;
        const sent = forms.filter((formId) => mine.has(formId)).length;
        const flags = [...new Set([...mine.values()].flatMap((response) => response.flags))];
        return [reservation.id, { required: forms.length, complete, sent, flags }];
      }),
    );
  }

  /**
   * The reservations among these that still wait for the person: a form they are asked for and
   * have not sent (a consent waiting for the doctor's countersign is not theirs to do). Messages
   * link to the forms page for these; LINE's buttons may use it too.
   */
  async pendingOf(reservationIds: readonly string[]): Promise<Set<string>> {
    const found = (await Promise.all([...new Set(reservationIds)].map((id) => this.reservations.findById(id)))).filter(
      (reservation): reservation is ReservationView => reservation !== null && LIVE.has(reservation.status),
    );
    const pending = new Set<string>();
    for (const [id, summary] of await this.summaries(found)) if (summary.sent < summary.required) pending.add(id);
    return pending;
  }

  /** Whether one reservation still waits for the person's forms (see `pendingOf`). */
  async hasPendingForms(reservationId: string): Promise<boolean> {
    return (await this.pendingOf([reservationId])).has(reservationId);
  }

  private async render(responses: readonly FormResponse[]): Promise<ResponseView[]> {
    const [versionList, formList] = await Promise.all([
      this.forms.findVersions([...new Set(responses.map((response) => response.versionId))]),
      responses.length > 0 ? this.forms.findByIds([...new Set(responses.map((response) => response.formId))]) : Promise.resolve([]),
    ]);
    const versions = new Map(versionList.map((version) => [version.id, version]));
    const titles = new Map(formList.map((form) => [form.id, form.title]));
    return responses.map((response) => {
      const version = versions.get(response.versionId);
      return {
        response,
        title: titles.get(response.formId) ?? '',
        version: version?.version ?? 0,
        status: statusOf(response),
        items: version?.items ?? [],
        body: version?.body ?? null,
      };
    });
  }

  /** Completing a form that names a check condition ticks that member's check item (来院時チェック). */
  private async tickCheckItem(form: Form, userId: string, staffId: string | null): Promise<void> {
    if (form.checkConditionId === null) return;
    await this.checkItems.ensure(userId, [form.checkConditionId]);
    const item = (await this.checkItems.listForMember(userId)).find((each) => each.conditionId === form.checkConditionId);
    if (!item || item.checked) return;
    await this.checkItems.update(item.id, tickCheckItem(item, { checked: true }, staffId, clinicIso(this.clock)));
  }
}
