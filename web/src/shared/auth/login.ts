import type { Translate } from '../../i18n';
import { HttpError } from '../api/http';

export type LoginAudience = 'staff' | 'user';

/** The API tells staff and members apart by a prefix of the username. */
export const loginUsername = (audience: LoginAudience, typed: string): string => `${audience}${typed.trim()}`;

export const LOGIN_SUCCESS_PATH: Record<LoginAudience, string> = {
  staff: '/staff/calendar/',
  user: '/user/mypage/update/',
};

/**
 * The text a login failure shows beside the form: for the login's own refusals (wrong id or
 * password, not fully registered, no password yet, too many attempts) the server's message,
 * else the general mapping of the HTTP client (no response, service unavailable…).
 */
export function loginErrorText(error: unknown, t: Translate): string {
  if (!(error instanceof HttpError)) return t('errors.http.unexpected');
  if (error.status === 401 || error.status === 403 || error.status === 429) {
    const server = error.serverMessage?.trim();
    if (server) return server;
    if (error.status === 401) return t('errors.codes.INVALID_CREDENTIALS');
  }
  return error.notice.text;
}
