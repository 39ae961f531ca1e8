import { Button, Callout, Card, PageHeader, PasswordField, Stack, Text, useMessages } from '@clinic/ui-kit';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useT } from '../../i18n';
import { memberPassword, staffPassword } from '../../shared/api/endpoints';
import { useApi } from '../../shared/api/HttpContext';
import { HttpError } from '../../shared/api/http';
import { SimpleShell } from '../../shared/ui/SimpleShell';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { Back } from '../../shared/auth/auth-form.styles';
import { useLoad } from '../../shared/useLoad';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
const STAFF_LOGIN = '/staff/login/';
const MEMBER_LOGIN = '/user/login/';

const expiryFormat = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'long', timeStyle: 'short' });

/**
 * /common/password/register/?token=…: the link of a staff invitation or password reset. Sets the
 * password, then sends the person to the staff login with a success message. With
 * `audience=user` it is a member's registration token (the staff's QR code) or, with
 * `purpose=reset`, a member's reset link: it shows whom the token is for, sets the password
 * through `memberPassword.register` or `memberPassword.reset`, and goes to the member login.
 */
export function PasswordRegisterPage() {
  const t = useT();
  const api = useApi({ memberPassword, staffPassword });
  const messages = useMessages();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const member = params.get('audience') === 'user';
  const reset = member && params.get('purpose') === 'reset';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ password?: string; confirm?: string }>({});
  const [formError, setFormError] = useState<string | null>(token ? null : t('staffsPage.passwordRegister.noToken'));
  const [pending, setPending] = useState(false);
  const title = member ? t(reset ? 'memberPages.register.titleReset' : 'memberPages.register.titleUser') : t('staffsPage.passwordRegister.title');
  useDocumentTitle(title);
  const loginPath = member ? MEMBER_LOGIN : STAFF_LOGIN;

  // A member token: who it is for, without using it (an expired or used one is said at once).
  const ownerLoad = useLoad(
    () => (member && token ? api.memberPassword.tokenOwner({ query: { token } }, { notifyErrors: false }) : Promise.resolve(null)),
    [api, member, token],
  );
  const owner = ownerLoad.status === 'ready' ? ownerLoad.data : null;
  const checking = member && Boolean(token) && ownerLoad.status === 'loading';
  const ownerError = ownerLoad.status === 'failed' ? (ownerLoad.error instanceof HttpError ? ownerLoad.error.notice.text : t('errors.http.unexpected')) : null;
  const blocked = !token || checking || (member && !owner);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || blocked) return;
    const errors: typeof fieldErrors = {};
    if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) errors.password = t('staffsPage.form.passwordLength');
    if (!confirm) errors.confirm = t('staffsPage.required', { field: t('staffsPage.passwordRegister.confirm') });
    else if (confirm !== password) errors.confirm = t('staffsPage.passwordRegister.mismatch');
    setFieldErrors(errors);
    if (errors.password || errors.confirm) {
      setFormError(t('staffsPage.formInvalid'));
      return;
    }
    setFormError(null);
    setPending(true);
    try {
      if (member) {
        await (reset ? api.memberPassword.reset : api.memberPassword.register)({ body: { token, password } }, { notifyErrors: false });
        messages.show({ text: t(reset ? 'memberPages.register.doneReset' : 'memberPages.register.done'), tone: 'success' });
      } else {
        await api.staffPassword.set({ body: { token, password } });
        messages.show({ text: t('staffsPage.passwordRegister.done'), tone: 'success' });
      }
      void navigate(loginPath, { replace: true });
    } catch (error) {
      const text = error instanceof HttpError ? error.notice.text : t('errors.http.unexpected');
      setFormError(text);
      if (error instanceof HttpError) {
        const field = error.fields.find((f) => f.path.endsWith('password'));
        if (field) setFieldErrors({ password: field.message });
      }
      setPending(false);
    }
  }

  return (
    <SimpleShell narrow>
      <PageHeader title={title} />
      <Stack gap={4}>
        {member && owner && (
          <Stack gap={2}>
            <Text weight="bold">{t('memberPages.register.who', { name: owner.name, userNumber: owner.userNumber ?? '' })}</Text>
            <Text tone="muted" size="sm">
              {t('memberPages.register.expires', { date: expiryFormat.format(new Date(owner.expiresAt)) })}
            </Text>
          </Stack>
        )}
        <Text>{member ? t(reset ? 'memberPages.register.leadReset' : 'memberPages.register.leadUser') : t('staffsPage.passwordRegister.lead')}</Text>
        <Card as="form" spacious noValidate onSubmit={(event) => void submit(event)} aria-label={title}>
          <Stack gap={4}>
            {(formError ?? ownerError) && (
              <Callout as="p" role="alert">
                {formError ?? ownerError}
              </Callout>
            )}
            <PasswordField
              label={t('staffsPage.passwordRegister.password')}
              value={password}
              onChange={setPassword}
              autoComplete="new-password"
              description={t('staffsPage.passwordRegister.help')}
              isRequired
              isDisabled={blocked}
              isInvalid={Boolean(fieldErrors.password)}
              errorMessage={fieldErrors.password}
              maxLength={PASSWORD_MAX}
            />
            <PasswordField
              label={t('staffsPage.passwordRegister.confirm')}
              value={confirm}
              onChange={setConfirm}
              autoComplete="new-password"
              isRequired
              isDisabled={blocked}
              isInvalid={Boolean(fieldErrors.confirm)}
              errorMessage={fieldErrors.confirm}
              maxLength={PASSWORD_MAX}
            />
            <Button type="submit" isPending={pending} isDisabled={blocked} pendingLabel={t('staffsPage.passwordRegister.submitting')}>
              {t('staffsPage.passwordRegister.submit')}
            </Button>
          </Stack>
        </Card>
        <Back>
          <Link to={loginPath}>{member ? t('memberPages.register.toLogin') : t('staffsPage.passwordRegister.toLogin')}</Link>
        </Back>
      </Stack>
    </SimpleShell>
  );
}
