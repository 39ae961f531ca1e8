import { useT } from '../../i18n';
import { memberPassword } from '../../shared/api/endpoints';
import { useApi } from '../../shared/api/HttpContext';
import { MEMBER_LOGIN_PATH } from '../../shared/api/http';
import { PasswordResetRequestPage } from '../../shared/auth/PasswordResetRequestPage';

/** /user/password/reset/: sends `POST /api/guests/reset-password`. */
export function MemberPasswordResetPage() {
  const t = useT();
  const api = useApi({ memberPassword });
  return (
    <PasswordResetRequestPage
      request={(email) => api.memberPassword.requestReset({ body: { email } })}
      loginPath={MEMBER_LOGIN_PATH}
      texts={{
        title: t('pages.user.passwordReset.title'),
        lead: t('memberPages.passwordReset.lead'),
        email: t('memberPages.passwordReset.email'),
        required: t('memberPages.common.required', { field: t('memberPages.passwordReset.email') }),
        invalidEmail: t('memberPages.passwordReset.invalidEmail'),
        formInvalid: t('staffsPage.formInvalid'),
        submit: t('memberPages.passwordReset.submit'),
        submitting: t('memberPages.passwordReset.submitting'),
        sentTitle: t('memberPages.passwordReset.sentTitle'),
        sent: t('memberPages.passwordReset.sent'),
        toLogin: t('memberPages.passwordReset.toLogin'),
      }}
    />
  );
}
