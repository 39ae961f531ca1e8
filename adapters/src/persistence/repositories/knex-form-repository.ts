import type { Form, FormDraft, FormRepositoryPort, FormVersion, MenuForm, VersionDefinition } from '@clinic/core';
import type { Knex } from 'knex';
import { isId, translateDbError } from '../pg-errors';
import { toClinicIso } from './instants';

interface FormRow {
  id: string | number;
  kind: Form['kind'];
  title: string;
  check_condition_id: string | number | null;
  translations: Form['translations'] | string;
  active_version_id: string | number | null;
}

interface VersionRow {
  id: string | number;
  form_id: string | number;
  version: number;
  status: FormVersion['status'];
  definition: VersionDefinition | string;
  published_at: Date | string | null;
  hash: string | null;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const toForm = (row: FormRow): Form => ({
  id: String(row.id),
  kind: row.kind,
  title: row.title,
  checkConditionId: row.check_condition_id === null ? null : String(row.check_condition_id),
  translations: json(row.translations),
  activeVersionId: row.active_version_id === null ? null : String(row.active_version_id),
});

const toVersion = (row: VersionRow): FormVersion => {
  const definition = json(row.definition);
  return {
    id: String(row.id),
    formId: String(row.form_id),
    version: Number(row.version),
    status: row.status,
    items: definition.items,
    body: definition.body,
    translations: definition.translations,
    publishedAt: row.published_at === null ? null : toClinicIso(row.published_at),
    hash: row.hash,
  };
};

const ids = (values: readonly string[]): string[] => [...new Set(values.filter(isId))];

/** Forms, versions and the menus' forms in PostgreSQL (migration 0030). */
export class KnexFormRepository implements FormRepositoryPort {
  constructor(private readonly knex: Knex) {}

  private forms(db: Knex = this.knex) {
    return db('forms as f').select(
      'f.id',
      'f.kind',
      'f.title',
      'f.check_condition_id',
      'f.translations',
      db.raw(`(select v.id from form_versions v where v.form_id = f.id and v.status = 'ACTIVE') as active_version_id`),
    );
  }

  async list(): Promise<Form[]> {
    return ((await this.forms().orderBy('f.id')) as FormRow[]).map(toForm);
  }

  async findById(id: string): Promise<Form | null> {
    if (!isId(id)) return null;
    const row = (await this.forms().where('f.id', id).first()) as FormRow | undefined;
    return row ? toForm(row) : null;
  }

  async findByIds(formIds: readonly string[]): Promise<Form[]> {
    const wanted = ids(formIds);
    if (wanted.length === 0) return [];
    const rows = ((await this.forms().whereIn('f.id', wanted)) as FormRow[]).map(toForm);
    return wanted.flatMap((id) => rows.filter((form) => form.id === id));
  }

  async create(draft: FormDraft): Promise<Form> {
    try {
      const [row] = await this.knex('forms')
        .insert({ kind: draft.kind, title: draft.title, check_condition_id: draft.checkConditionId, translations: JSON.stringify(draft.translations) })
        .returning('id');
      return (await this.findById(String((row as { id: string }).id)))!;
    } catch (error) {
      return translateDbError(error, {});
    }
  }

  async versions(formId: string): Promise<FormVersion[]> {
    if (!isId(formId)) return [];
    return ((await this.knex('form_versions').where('form_id', formId).orderBy('version')) as VersionRow[]).map(toVersion);
  }

  async findVersion(versionId: string): Promise<FormVersion | null> {
    if (!isId(versionId)) return null;
    const row = (await this.knex('form_versions').where('id', versionId).first()) as VersionRow | undefined;
    return row ? toVersion(row) : null;
  }

  async findVersions(versionIds: readonly string[]): Promise<FormVersion[]> {
    const wanted = ids(versionIds);
    if (wanted.length === 0) return [];
    return ((await this.knex('form_versions').whereIn('id', wanted)) as VersionRow[]).map(toVersion);
  }

  async createVersion(formId: string, definition: VersionDefinition): Promise<FormVersion> {
    return this.knex.transaction(async (trx) => {
      // One new version of a form at a time: the form's row is the lock, the number the next free one.
      await trx('forms').where('id', formId).forUpdate().first('id');
      const last = (await trx('form_versions').where('form_id', formId).max({ last: 'version' }).first()) as { last: number | string | null };
      const [row] = await trx('form_versions')
        .insert({ form_id: formId, version: Number(last.last ?? 0) + 1, status: 'DRAFT', definition: JSON.stringify(definition) })
        .returning('*');
      return toVersion(row as VersionRow);
    });
  }

  async updateDraft(versionId: string, definition: VersionDefinition): Promise<FormVersion | null> {
    if (!isId(versionId)) return null;
    const [row] = await this.knex('form_versions')
      .where({ id: versionId, status: 'DRAFT' })
      .update({ definition: JSON.stringify(definition) })
      .returning('*');
    return row ? toVersion(row as VersionRow) : null;
  }

  async publish(versionId: string, publishedAtMs: number, hash: string): Promise<FormVersion | null> {
    if (!isId(versionId)) return null;
    return this.knex.transaction(async (trx) => {
      const draft = (await trx('form_versions').where({ id: versionId }).forUpdate().first()) as VersionRow | undefined;
      if (!draft || draft.status !== 'DRAFT') return null;
      // The form's row orders two publishes of one form; the partial unique index keeps one ACTIVE.
      await trx('forms').where('id', draft.form_id).forUpdate().first('id');
      await trx('form_versions').where({ form_id: draft.form_id, status: 'ACTIVE' }).update({ status: 'RETIRED' });
      const [row] = await trx('form_versions')
        .where({ id: versionId })
        .update({ status: 'ACTIVE', hash, published_at: new Date(publishedAtMs) })
        .returning('*');
      return toVersion(row as VersionRow);
    });
  }

  async activeVersions(formIds: readonly string[]): Promise<FormVersion[]> {
    const wanted = ids(formIds);
    if (wanted.length === 0) return [];
    return ((await this.knex('form_versions').whereIn('form_id', wanted).where('status', 'ACTIVE')) as VersionRow[]).map(toVersion);
  }

  async menuForms(menuIds: readonly string[]): Promise<Map<string, MenuForm[]>> {
    const wanted = ids(menuIds);
    const result = new Map<string, MenuForm[]>(menuIds.map((id) => [id, []]));
    if (wanted.length === 0) return result;
    const rows = (await this.knex('menu_forms').whereIn('menu_id', wanted).orderBy(['menu_id', 'position'])) as {
      menu_id: string | number;
      form_id: string | number;
      when: MenuForm['when'];
    }[];
    for (const row of rows) result.get(String(row.menu_id))?.push({ formId: String(row.form_id), when: row.when });
    return result;
  }

  async setMenuForms(menuId: string, forms: readonly MenuForm[]): Promise<void> {
    await this.knex.transaction(async (trx) => {
      await trx('menu_forms').where('menu_id', menuId).delete();
      if (forms.length > 0) {
        await trx('menu_forms').insert(forms.map((each, position) => ({ menu_id: menuId, form_id: each.formId, position, when: each.when })));
      }
    });
  }
}
