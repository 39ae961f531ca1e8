import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import {
  CLINIC_ZONE,
  DomainRuleViolation,
  statusOf,
  type ChainTip,
  type Completion,
  type Countersign,
  type Form,
  type FormDraft,
  type FormRepositoryPort,
  type FormResponse,
  type FormResponseStorePort,
  type FormsStatusFacts,
  type FormVersion,
  type HashPort,
  type MenuForm,
  type NewFormResponse,
  type StatusQuery,
  type VersionDefinition,
} from '@clinic/core';

/** SHA-256 as the adapter computes it (node:crypto), for core tests. */
export const sha256Hasher: HashPort = { sha256Hex: (text) => createHash('sha256').update(text, 'utf8').digest('hex') };

const clone = <T>(value: T): T => structuredClone(value);

export class InMemoryFormRepository implements FormRepositoryPort {
  readonly forms = new Map<string, Omit<Form, 'activeVersionId'>>();
  readonly versionRows = new Map<string, FormVersion>();
  readonly menuFormRows = new Map<string, MenuForm[]>();
  private nextFormId = 1;
  private nextVersionId = 1;

  private withActive(form: Omit<Form, 'activeVersionId'>): Form {
    const active = [...this.versionRows.values()].find((version) => version.formId === form.id && version.status === 'ACTIVE');
    return { ...clone(form), activeVersionId: active?.id ?? null };
  }

  async list(): Promise<Form[]> {
    return [...this.forms.values()].sort((a, b) => Number(a.id) - Number(b.id)).map((form) => this.withActive(form));
  }

  async findById(id: string): Promise<Form | null> {
    const form = this.forms.get(id);
    return form ? this.withActive(form) : null;
  }

  async findByIds(ids: readonly string[]): Promise<Form[]> {
    return ids.flatMap((id) => (this.forms.has(id) ? [this.withActive(this.forms.get(id)!)] : []));
  }

  async create(draft: FormDraft): Promise<Form> {
    const id = String(this.nextFormId++);
    this.forms.set(id, { id, ...clone(draft) });
    return this.withActive(this.forms.get(id)!);
  }

  async versions(formId: string): Promise<FormVersion[]> {
    return [...this.versionRows.values()]
      .filter((version) => version.formId === formId)
      .sort((a, b) => a.version - b.version)
      .map(clone);
  }

  async findVersion(versionId: string): Promise<FormVersion | null> {
    const version = this.versionRows.get(versionId);
    return version ? clone(version) : null;
  }

  async findVersions(ids: readonly string[]): Promise<FormVersion[]> {
    return ids.flatMap((id) => (this.versionRows.has(id) ? [clone(this.versionRows.get(id)!)] : []));
  }

  async createVersion(formId: string, definition: VersionDefinition): Promise<FormVersion> {
    const id = String(this.nextVersionId++);
    const number = Math.max(0, ...[...this.versionRows.values()].filter((version) => version.formId === formId).map((version) => version.version)) + 1;
    const version: FormVersion = { id, formId, version: number, status: 'DRAFT', publishedAt: null, hash: null, ...clone(definition) };
    this.versionRows.set(id, version);
    return clone(version);
  }

  async updateDraft(versionId: string, definition: VersionDefinition): Promise<FormVersion | null> {
    const version = this.versionRows.get(versionId);
    if (!version || version.status !== 'DRAFT') return null;
    const updated = { ...version, ...clone(definition) };
    this.versionRows.set(versionId, updated);
    return clone(updated);
  }

  async publish(versionId: string, publishedAtMs: number, hash: string): Promise<FormVersion | null> {
    const version = this.versionRows.get(versionId);
    if (!version || version.status !== 'DRAFT') return null;
    for (const other of this.versionRows.values()) {
      if (other.formId === version.formId && other.status === 'ACTIVE') this.versionRows.set(other.id, { ...other, status: 'RETIRED' });
    }
    const publishedAt = DateTime.fromMillis(publishedAtMs, { zone: CLINIC_ZONE }).startOf('second').toISO({ suppressMilliseconds: true })!;
    const published: FormVersion = { ...version, status: 'ACTIVE', publishedAt, hash };
    this.versionRows.set(versionId, published);
    return clone(published);
  }

  async activeVersions(formIds: readonly string[]): Promise<FormVersion[]> {
    return [...this.versionRows.values()].filter((version) => formIds.includes(version.formId) && version.status === 'ACTIVE').map(clone);
  }

  async menuForms(menuIds: readonly string[]): Promise<Map<string, MenuForm[]>> {
    return new Map(menuIds.map((id) => [id, clone(this.menuFormRows.get(id) ?? [])]));
  }

  async setMenuForms(menuId: string, forms: readonly MenuForm[]): Promise<void> {
    this.menuFormRows.set(menuId, clone([...forms]));
  }
}

/** The response store in memory: append-only, one person's appends one after another. */
export class InMemoryFormResponseStore implements FormResponseStorePort {
  readonly rows: FormResponse[] = [];
  private chains = new Map<string, Promise<unknown>>();

  /** `forms`: the repository whose menus and versions `statusFacts` reads (as the Knex store reads their tables). */
  constructor(private readonly forms?: InMemoryFormRepository) {}

  async append(userId: string, formId: string, reservationId: string, build: (tip: ChainTip) => NewFormResponse): Promise<FormResponse> {
    const previous = this.chains.get(userId) ?? Promise.resolve();
    const run = previous.then(() => {
      const mine = this.rows.filter((row) => row.userId === userId);
      const last = mine.at(-1);
      const amends = mine.filter((row) => row.formId === formId && row.reservationId === reservationId).at(-1);
      const record = build({ prevHash: last?.hash ?? '', amends: amends?.id ?? null });
      const stored: FormResponse = { ...clone(record), id: String(this.rows.length + 1), countersign: null };
      this.rows.push(stored);
      return clone(stored);
    });
    this.chains.set(
      userId,
      run.catch(() => undefined),
    );
    return run;
  }

  async findById(id: string): Promise<FormResponse | null> {
    const row = this.rows.find((each) => each.id === id);
    return row ? clone(row) : null;
  }

  async listForReservations(reservationIds: readonly string[]): Promise<FormResponse[]> {
    return this.rows.filter((row) => reservationIds.includes(row.reservationId)).map(clone);
  }

  async listForPerson(userId: string): Promise<FormResponse[]> {
    return this.rows.filter((row) => row.userId === userId).map(clone);
  }

  async lastOfForm(userId: string, formId: string): Promise<FormResponse | null> {
    const row = this.rows.filter((each) => each.userId === userId && each.formId === formId).at(-1);
    return row ? clone(row) : null;
  }

  async completions(userIds: readonly string[], formIds: readonly string[]): Promise<Completion[]> {
    return this.rows
      .filter((row) => userIds.includes(row.userId) && formIds.includes(row.formId) && statusOf(row) === 'COMPLETE')
      .map((row) => ({ userId: row.userId, formId: row.formId, reservationId: row.reservationId }));
  }

  async statusFacts(query: StatusQuery): Promise<FormsStatusFacts> {
    const menus = [...new Set(query.menuIds)].sort((a, b) => Number(a) - Number(b));
    const requirements = this.forms
      ? await Promise.all(
          menus.map(async (menuId) => {
            const asked = (await this.forms!.menuForms([menuId])).get(menuId) ?? [];
            const active = new Set((await this.forms!.activeVersions(asked.map((each) => each.formId))).map((version) => version.formId));
            return asked.filter((each) => active.has(each.formId)).map((each) => ({ menuId, formId: each.formId, when: each.when }));
          }),
        ).then((lists) => lists.flat())
      : [];
    const firstVisit = [...new Set(requirements.filter((each) => each.when === 'FIRST_VISIT').map((each) => each.formId))];
    const completions = firstVisit.length > 0 ? await this.completions(query.userIds, firstVisit) : [];
    const unique = new Map(completions.map((each) => [`${each.userId}:${each.formId}:${each.reservationId}`, each]));
    return {
      requirements,
      completions: [...unique.values()],
      responses: this.rows
        .filter((row) => query.reservationIds.includes(row.reservationId))
        .map((row) => ({
          reservationId: row.reservationId,
          formId: row.formId,
          kind: row.kind,
          countersigned: row.countersign !== null,
          flags: [...row.flags],
        })),
    };
  }

  async countersign(responseId: string, countersign: Countersign): Promise<FormResponse> {
    const index = this.rows.findIndex((row) => row.id === responseId);
    if (index < 0) throw new Error(`no response ${responseId}`);
    if (this.rows[index]!.countersign) throw new DomainRuleViolation({ code: 'ALREADY_COUNTERSIGNED' });
    this.rows[index] = { ...this.rows[index]!, countersign: clone(countersign) };
    return clone(this.rows[index]!);
  }
}
