import type { FormItem } from '@clinic/ui-kit';
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

const id = (value: string) => encodeURIComponent(value);
const quiet = { notifyErrors: false } as const;

export function adminFormsApi(http: HttpClient) {
  return {
    /** Quiet: a clinic's ADMIN is refused (403, the forms are the head office's) and the page says so. */
    list: () => http.get<AdminForm[]>('/api/admin/forms', quiet),
    get: (formId: string) => http.get<AdminForm>(`/api/admin/forms/${id(formId)}`),
    version: (formId: string, versionId: string) => http.get<FormVersion>(`/api/admin/forms/${id(formId)}/versions/${id(versionId)}`),
    create: (body: NewForm) => http.post<AdminForm>('/api/admin/forms', body, quiet),
    createVersion: (formId: string, body: VersionBody) => http.post<FormVersion>(`/api/admin/forms/${id(formId)}/versions`, body, quiet),
    saveVersion: (formId: string, versionId: string, body: VersionBody) =>
      http.put<FormVersion>(`/api/admin/forms/${id(formId)}/versions/${id(versionId)}`, body, quiet),
    publish: (formId: string, versionId: string) => http.post<VersionSummary>(`/api/admin/forms/${id(formId)}/versions/${id(versionId)}/publish`),
  };
}

export type AdminFormsApi = ReturnType<typeof adminFormsApi>;
