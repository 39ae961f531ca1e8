/** Shapes and calls of the staff member's own two-factor login (docs/security.md). */
import type { HttpClient } from '../../../shared/api/http';

export interface TwoFactorStatus {
  enabled: boolean;
  required: boolean;
  /** Must use it and has not yet: until when it may be put off. */
  deadline: string | null;
  recoveryCodesLeft: number;
}

export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
}

export interface RecoveryCodes {
  recoveryCodes: string[];
}

export const twoFactorApi = (http: HttpClient) => ({
  status: () => http.get<TwoFactorStatus>('/api/staffs/two-factor'),
  setup: () => http.post<TwoFactorSetup>('/api/staffs/two-factor/setup'),
  activate: (code: string) => http.post<RecoveryCodes>('/api/staffs/two-factor/activate', { code }, { notifyErrors: false }),
  regenerate: (code: string) => http.post<RecoveryCodes>('/api/staffs/two-factor/recovery-codes', { code }, { notifyErrors: false }),
  disable: (code: string) => http.delete<void>('/api/staffs/two-factor', { json: { code }, notifyErrors: false }),
});

/** `2026年12月8日 9:00` in the clinics' zone. */
export const formatDeadline = (iso: string): string =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

/** The secret in groups of four, easier to type into an app by hand. */
export const groupedSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');
