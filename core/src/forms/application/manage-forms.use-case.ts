import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { Actor } from '../../shared/actor';
import { type ClockPort } from '../../shared/clock.port';
import { clinicZone } from '../../shared/zone-offset';
import type { FieldError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import type { CheckConditionRepositoryPort } from '../../settings/ports/check-condition-repository.port';
import { canonicalJson } from '../domain/form-chain';
import {
  definitionOf,
  FORM_RULES,
  MENU_FORM_WHEN,
  validateDefinition,
  validateFormDraft,
  type Form,
  type FormDraft,
  type FormVersion,
  type MenuForm,
  type VersionDefinition,
} from '../domain/form.entity';
import type { FormRepositoryPort } from '../ports/form-repository.port';
import type { HashPort } from '../ports/hash.port';

export interface FormWithVersions extends Form {
  readonly versions: readonly FormVersion[];
}

/**
 * The head office's form editor: forms, their versions (DRAFT → ACTIVE → RETIRED) and the menus
 * that ask for them. A published version never changes; each write is in the change audit (with
 * ids and hashes, never answers).
 */
export class ManageFormsUseCase {
  constructor(
    private readonly forms: FormRepositoryPort,
    private readonly conditions: Pick<CheckConditionRepositoryPort, 'findById'>,
    private readonly hasher: HashPort,
    private readonly clock: ClockPort,
    private readonly audit: AuditLogPort,
  ) {}

  async list(): Promise<FormWithVersions[]> {
    const forms = await this.forms.list();
    return Promise.all(forms.map(async (form) => ({ ...form, versions: await this.forms.versions(form.id) })));
  }

  async get(id: string): Promise<Result<FormWithVersions, 'FORM_NOT_FOUND'>> {
    const form = await this.forms.findById(id);
    if (!form) return fail('FORM_NOT_FOUND');
    return ok({ ...form, versions: await this.forms.versions(id) });
  }

  async create(actor: Actor, draft: FormDraft): Promise<Result<FormWithVersions, 'VALIDATION_FAILED'>> {
    const valid = validateFormDraft(draft);
    if (!valid.ok) return valid;
    if (valid.value.checkConditionId !== null && !(await this.conditions.findById(valid.value.checkConditionId))) {
      return fail('VALIDATION_FAILED', { fields: [{ path: 'checkConditionId', message: 'チェック項目の条件が見つかりません。' }] });
    }
    const form = await this.forms.create(valid.value);
    await this.audit.append({ actorType: actor.type, actorId: actor.id, action: 'form.create', entity: 'form', entityId: form.id, after: form });
    return ok({ ...form, versions: [] });
  }

  async createVersion(actor: Actor, formId: string, definition: VersionDefinition): Promise<Result<FormVersion, 'VALIDATION_FAILED' | 'FORM_NOT_FOUND'>> {
    const form = await this.forms.findById(formId);
    if (!form) return fail('FORM_NOT_FOUND');
    const valid = validateDefinition(form.kind, definition);
    if (!valid.ok) return valid;
    const version = await this.forms.createVersion(formId, valid.value);
    await this.audit.append({
      actorType: actor.type,
      actorId: actor.id,
      action: 'formVersion.create',
      entity: 'formVersion',
      entityId: version.id,
      after: { formId, version: version.version },
    });
    return ok(version);
  }

  async updateVersion(
    actor: Actor,
    formId: string,
    versionId: string,
    definition: VersionDefinition,
  ): Promise<Result<FormVersion, 'VALIDATION_FAILED' | 'FORM_NOT_FOUND' | 'FORM_VERSION_NOT_FOUND' | 'FORM_VERSION_PUBLISHED'>> {
    const found = await this.versionOf(formId, versionId);
    if (!found.ok) return found;
    const { form, version } = found.value;
    if (version.status !== 'DRAFT') return fail('FORM_VERSION_PUBLISHED');
    const valid = validateDefinition(form.kind, definition);
    if (!valid.ok) return valid;
    // Published meanwhile: the repository changes only a DRAFT.
    const updated = await this.forms.updateDraft(versionId, valid.value);
    if (!updated) return fail('FORM_VERSION_PUBLISHED');
    await this.audit.append({
      actorType: actor.type,
      actorId: actor.id,
      action: 'formVersion.update',
      entity: 'formVersion',
      entityId: versionId,
      after: { formId, version: updated.version },
    });
    return ok(updated);
  }

  /** Freezes a DRAFT with the hash of its canonical definition; the former ACTIVE version is RETIRED. */
  async publish(
    actor: Actor,
    formId: string,
    versionId: string,
  ): Promise<Result<FormVersion, 'FORM_NOT_FOUND' | 'FORM_VERSION_NOT_FOUND' | 'FORM_VERSION_PUBLISHED'>> {
    const found = await this.versionOf(formId, versionId);
    if (!found.ok) return found;
    const { form, version } = found.value;
    if (version.status !== 'DRAFT') return fail('FORM_VERSION_PUBLISHED');
    const hash = this.hasher.sha256Hex(canonicalJson(definitionOf(form.kind, version)));
    const published = await this.forms.publish(versionId, this.clock.now().toMillis(), hash);
    if (!published) return fail('FORM_VERSION_PUBLISHED');
    await this.audit.append({
      actorType: actor.type,
      actorId: actor.id,
      action: 'formVersion.publish',
      entity: 'formVersion',
      entityId: versionId,
      after: { formId, version: published.version, hash, publishedAt: published.publishedAt },
    });
    return ok(published);
  }

  /** One version of the form (its editor and preview). */
  async version(formId: string, versionId: string): Promise<Result<FormVersion, 'FORM_NOT_FOUND' | 'FORM_VERSION_NOT_FOUND'>> {
    const found = await this.versionOf(formId, versionId);
    return found.ok ? ok(found.value.version) : found;
  }

  /** The forms a menu may ask for: known forms, each once, at most 20. */
  async checkMenuForms(forms: readonly MenuForm[]): Promise<Result<MenuForm[], 'VALIDATION_FAILED'>> {
    const fields: FieldError[] = [];
    if (forms.length > FORM_RULES.menuFormsMax) fields.push({ path: 'forms', message: `問診票・同意書は${FORM_RULES.menuFormsMax}件までです。` });
    const seen = new Set<string>();
    forms.forEach((each, index) => {
      if (seen.has(each.formId)) fields.push({ path: `forms.${index}.formId`, message: '同じ問診票・同意書が2回指定されています。' });
      if (!MENU_FORM_WHEN.includes(each.when)) fields.push({ path: `forms.${index}.when`, message: 'EVERY_VISIT か FIRST_VISIT を指定してください。' });
      seen.add(each.formId);
    });
    const known = new Set((await this.forms.findByIds([...seen])).map((form) => form.id));
    forms.forEach((each, index) => {
      if (!known.has(each.formId)) fields.push({ path: `forms.${index}.formId`, message: '問診票・同意書が見つかりません。' });
    });
    if (fields.length > 0) return fail('VALIDATION_FAILED', { fields });
    return ok(forms.map((each) => ({ formId: each.formId, when: each.when })));
  }

  /** Replaces the forms a menu asks for (checked as `checkMenuForms`), in the change audit. */
  async setMenuForms(actor: Actor, menuId: string, forms: readonly MenuForm[]): Promise<Result<MenuForm[], 'VALIDATION_FAILED'>> {
    const checked = await this.checkMenuForms(forms);
    if (!checked.ok) return checked;
    const before = (await this.forms.menuForms([menuId])).get(menuId) ?? [];
    await this.forms.setMenuForms(menuId, checked.value);
    await this.recordMenuForms(actor, menuId, before, checked.value);
    return checked;
  }

  /**
   * The change audit of a menu's forms written with the menu itself (SaveMenuUseCase, in the
   * menu's transaction): `before` as read before the write.
   */
  async recordMenuForms(actor: Actor, menuId: string, before: readonly MenuForm[], after: readonly MenuForm[]): Promise<void> {
    if (canonicalJson(before) === canonicalJson(after)) return;
    await this.audit.append({
      actorType: actor.type,
      actorId: actor.id,
      action: 'menu.forms',
      entity: 'menu',
      entityId: menuId,
      before,
      after,
    });
  }

  /** The forms each menu asks for. */
  menuForms(menuIds: readonly string[]): Promise<Map<string, MenuForm[]>> {
    return this.forms.menuForms(menuIds);
  }

  private async versionOf(
    formId: string,
    versionId: string,
  ): Promise<Result<{ form: Form; version: FormVersion }, 'FORM_NOT_FOUND' | 'FORM_VERSION_NOT_FOUND'>> {
    const form = await this.forms.findById(formId);
    if (!form) return fail('FORM_NOT_FOUND');
    const version = await this.forms.findVersion(versionId);
    if (!version || version.formId !== formId) return fail('FORM_VERSION_NOT_FOUND');
    return ok({ form, version });
  }
}

/** An instant as the API speaks it: ISO 8601 with the Asia/Tokyo offset, whole seconds. */
export const clinicIso = (clock: ClockPort): string => clock.now().setZone(clinicZone).startOf('second').toISO({ suppressMilliseconds: true })!;
