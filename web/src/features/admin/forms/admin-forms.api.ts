import { createApi, type Answer, type Input } from '../../../shared/api/api';
import { adminForms } from '../../../shared/api/endpoints';
import type { HttpClient } from '../../../shared/api/http';
import type { VersionBody } from './form-editor';

/* The head office's forms API (API.md "Web forms"): forms, versions, publish. */

/** A form of the chain with its versions, and one version in full (the contract's `formJson`, `formVersionJson`). */
export type AdminForm = Answer<'adminForms', 'get'>;
export type FormVersion = Answer<'adminForms', 'version'>;
export type VersionSummary = AdminForm['versions'][number];
export type FormKind = AdminForm['kind'];
export type VersionStatus = VersionSummary['status'];
export type NewForm = Input<'adminForms', 'create'>['body'];

const quiet = { notifyErrors: false } as const;

export function adminFormsApi(http: HttpClient, api = createApi(http, { adminForms })) {
  return {
    /** Quiet: a clinic's ADMIN is refused (403, the forms are the head office's) and the page says so. */
    list: (): Promise<AdminForm[]> => api.adminForms.list({}, quiet),
    get: (formId: string): Promise<AdminForm> => api.adminForms.get({ params: { id: formId } }),
    version: (formId: string, versionId: string): Promise<FormVersion> => api.adminForms.version({ params: { id: formId, versionId } }),
    create: (body: NewForm): Promise<AdminForm> => api.adminForms.create({ body }, quiet),
    createVersion: (formId: string, body: VersionBody): Promise<FormVersion> => api.adminForms.createDraft({ params: { id: formId }, body }, quiet),
    saveVersion: (formId: string, versionId: string, body: VersionBody): Promise<FormVersion> =>
      api.adminForms.saveDraft({ params: { id: formId, versionId }, body }, quiet),
    publish: (formId: string, versionId: string): Promise<VersionSummary> => api.adminForms.publish({ params: { id: formId, versionId } }),
  };
}

export type AdminFormsApi = ReturnType<typeof adminFormsApi>;
