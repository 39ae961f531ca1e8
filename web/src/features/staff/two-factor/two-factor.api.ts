/** Shapes and calls of the staff member's own two-factor login (docs/security.md). */
import type { RecoveryCodesJson, TwoFactorSetupJson, TwoFactorStatusJson } from '@clinic/contract';
import { createApi } from '../../../shared/api/api';
import { twoFactor } from '../../../shared/api/endpoints';
import type { HttpClient } from '../../../shared/api/http';

/** The answers' types come from the HTTP adapter's schemas (@clinic/contract). */
export type TwoFactorStatus = TwoFactorStatusJson;
export type TwoFactorSetup = TwoFactorSetupJson;
export type RecoveryCodes = RecoveryCodesJson;

export const twoFactorApi = (http: HttpClient, api = createApi(http, { twoFactor })) => ({
  status: () => api.twoFactor.status(),
  setup: () => api.twoFactor.setup(),
  activate: (code: string) => api.twoFactor.activate({ body: { code } }, { notifyErrors: false }),
  regenerate: (code: string) => api.twoFactor.regenerate({ body: { code } }, { notifyErrors: false }),
  disable: (code: string) => api.twoFactor.disable({ body: { code } }, { notifyErrors: false }),
});

/** `2026年12月8日 9:00` in the clinics' zone. */
export const formatDeadline = (iso: string): string =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

/** The secret in groups of four, easier to type into an app by hand. */
export const groupedSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');
