import { useT } from '../../i18n';
import { staffPassword } from '../../shared/api/endpoints';
import { useApi } from '../../shared/api/HttpContext';
import { PasswordResetRequestPage } from '../../shared/auth/PasswordResetRequestPage';

/** /staff/password/reset/: the mailed link opens /common/password/register/. */
export function StaffPasswordResetPage() {
  const t = useT();
  const api = useApi({ staffPassword });
  return (
    <PasswordResetRequestPage
      request={(email) => api.staffPassword.requestReset({ body: { email } })}
      loginPath="/staff/login/"
      texts={{
        title: t('staffsPage.passwordReset.title'),
        lead: t('staffsPage.passwordReset.lead'),
        email: t('staffsPage.passwordReset.email'),
        required: t('staffsPage.required', { field: t('staffsPage.passwordReset.email') }),
        invalidEmail: t('staffsPage.form.emailFormat'),
        formInvalid: t('staffsPage.formInvalid'),
        submit: t('staffsPage.passwordReset.submit'),
        submitting: t('staffsPage.passwordReset.submitting'),
        sent: t('staffsPage.passwordReset.sent'),
        toLogin: t('staffsPage.passwordReset.toLogin'),
      }}
    />
  );
}
