import type { Form, FormDraft, FormVersion, MenuForm, VersionDefinition } from '../domain/form.entity';

/** The chain's forms, their versions and the menus that ask for them. */
export interface FormRepositoryPort {
  /** By id. */
  list(): Promise<Form[]>;
  findById(id: string): Promise<Form | null>;
  findByIds(ids: readonly string[]): Promise<Form[]>;
  create(draft: FormDraft): Promise<Form>;
  /** The form's versions, by number. */
  versions(formId: string): Promise<FormVersion[]>;
  findVersion(versionId: string): Promise<FormVersion | null>;
  findVersions(ids: readonly string[]): Promise<FormVersion[]>;
  /** A new DRAFT numbered after the form's last version. */
  createVersion(formId: string, definition: VersionDefinition): Promise<FormVersion>;
  /** Replaces a DRAFT's definition; null when the version is not a DRAFT (any more) or unknown. */
  updateDraft(versionId: string, definition: VersionDefinition): Promise<FormVersion | null>;
  /**
   * Makes a DRAFT the form's ACTIVE version with its hash, and the former ACTIVE one RETIRED, in
   * one transaction; null when the version is not a DRAFT (any more) or unknown.
   */
  publish(versionId: string, publishedAtMs: number, hash: string): Promise<FormVersion | null>;
  /** The ACTIVE version of each of these forms that has one. */
  activeVersions(formIds: readonly string[]): Promise<FormVersion[]>;
  /** The forms each of these menus asks for, in their order. */
  menuForms(menuIds: readonly string[]): Promise<Map<string, MenuForm[]>>;
  /** Replaces the forms a menu asks for. */
  setMenuForms(menuId: string, forms: readonly MenuForm[]): Promise<void>;
}
