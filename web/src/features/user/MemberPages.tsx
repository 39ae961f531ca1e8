import { useMessages } from '@clinic/ui-kit';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../i18n';
import { session } from '../../shared/api/endpoints';
import { useApi } from '../../shared/api/HttpContext';
import { HttpError, MEMBER_LOGIN_PATH } from '../../shared/api/http';
import { LoginPage } from '../../shared/auth/LoginPage';
import { FullPageSpinner } from '../../shared/ui/LoadFailed';

export function MemberLoginPage() {
  return <LoginPage audience="user" titleKey="login.member.title" idLabelKey="login.member.id" passwordResetPath="/user/password/reset/" />;
}

/** /user/mypage/logout/: ends the session and goes to the member login. */
export function MemberLogoutPage() {
  const t = useT();
  const api = useApi({ session });
  const messages = useMessages();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api.session
      .logout({}, { notifyErrors: false })
      .then(
        () => messages.show({ text: t('messages.loggedOut'), tone: 'success', durationMs: 5_000 }),
        (error: unknown) => {
          // 401: already logged out. Anything else is shown, and the login page is still the place to go.
          if (!(error instanceof HttpError && error.status === 401)) {
            const text = error instanceof HttpError ? error.notice.text : t('errors.http.unexpected');
            messages.show({ text, tone: 'error', durationMs: 5_000 });
          }
        },
      )
      .finally(() => void navigate(MEMBER_LOGIN_PATH, { replace: true }));
  }, [api, messages, navigate, t]);

  return <FullPageSpinner label={t('memberLayout.loggingOut')} />;
}

export { MemberPasswordResetPage } from './MemberPasswordResetPage';
export { MemberUpdatePage } from './mypage/MemberUpdatePage';
export { MemberServicesPage } from './mypage/MemberServicesPage';
export { MemberWaitlistPage } from './mypage/MemberWaitlistPage';
export { MemberReservePage } from './mypage/MemberReservePage';
export { MemberReserveDonePage, MemberCancelDonePage } from './mypage/MemberDonePages';
export { MemberVisitConfirmPage } from './mypage/MemberVisitConfirmPage';
export { MemberSettingsPage } from './mypage/MemberSettingsPage';
