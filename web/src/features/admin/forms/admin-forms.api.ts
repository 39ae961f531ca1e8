import type { FormItem } from '@clinic/ui-kit';
import { createApi } from '../../../shared/api/api';
import { adminForms } from '../../../shared/api/endpoints';
import type { HttpClient } from '../../../shared/api/http';
import type { VersionBody, VersionTranslations } from './form-editor';

/* The head office's forms API (API.md "Web forms"): forms, versions, publish. */

export type FormKind = 'QUESTIONNAIRE' | 'CONSENT';
export type VersionStatus = 'DRAFT' | 'ACTIVE' | 'RETIRED';

export interface VersionSummary {
  id: string;
  version: number;
  status: VersionStatus;
  publishedAt: string | null;
  hash: string | null;
}

export interface AdminForm {
  id: string;
  kind: FormKind;
  title: string;
  checkConditionId: string | null;
  translations: { en?: { title: string }; 'zh-CN'?: { title: string } };
  activeVersionId: string | null;
  versions: VersionSummary[];
}

export interface FormVersion extends VersionSummary {
  formId: string;
  items: FormItem[];
  body: string | null;
  translations: VersionTranslations;
}

export interface NewForm {
  kind: FormKind;
  title: string;
  checkConditionId?: string;
  translations?: { en?: { title: string }; 'zh-CN'?: { title: string } };
}

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
