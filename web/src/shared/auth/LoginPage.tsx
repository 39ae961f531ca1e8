import { Button, Callout, Card, LinkList, PageHeader, PasswordField, PlainButton, Stack, Text, TextField, useMessages } from '@clinic/ui-kit';
import { useState, type FormEvent } from 'react';
import { HttpError } from '../api/http';
import { Link, useNavigate } from 'react-router-dom';
import { useT, type MessageKey } from '../../i18n';
import { session } from '../api/endpoints';
import { useApi } from '../api/HttpContext';
import { LineLoginEntry } from '../line/LineLoginEntry';
import { LanguageSwitch } from '../ui/LanguageSwitch';
import { SimpleShell } from '../ui/SimpleShell';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { LOGIN_SUCCESS_PATH, loginErrorText, loginUsername, type LoginAudience } from './login';

interface LoginPageProps {
  audience: LoginAudience;
  titleKey: MessageKey;
  idLabelKey: MessageKey;
  passwordResetPath: string;
}

interface FieldErrors {
  id?: string;
  password?: string;
  code?: string;
}

/** Staff and member login: labelled fields, Enter submits, errors beside the form and as a message. */
export function LoginPage({ audience, titleKey, idLabelKey, passwordResetPath }: LoginPageProps) {
  const t = useT();
  const api = useApi({ session });
  const messages = useMessages();
  const navigate = useNavigate();
  const [id, setId] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // Staff with two-factor login: the server asked for the code of the authenticator app.
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryMode, setRecoveryMode] = useState(false);
  const codeLabel = t('login.twoFactor.code');
  const title = t(titleKey);
  const idLabel = t(idLabelKey);
  const passwordLabel = t('login.password');
  useDocumentTitle(title);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const errors: FieldErrors = {};
    if (!id.trim()) errors.id = t('login.required', { field: idLabel });
    if (!password) errors.password = t('login.required', { field: passwordLabel });
    if (needsCode && !code.trim()) errors.code = t('login.required', { field: codeLabel });
    setFieldErrors(errors);
    if (errors.id || errors.password || errors.code) return;

    setPending(true);
    setFormError(null);
    try {
      await api.session.login(
        { body: { username: loginUsername(audience, id), password, ...(needsCode ? { code: code.trim() } : {}) } },
        { notifyErrors: false },
      );
      void navigate(LOGIN_SUCCESS_PATH[audience], { replace: true });
    } catch (error) {
      if (error instanceof HttpError && error.code === 'TWO_FACTOR_REQUIRED') {
        // The password was right: ask for the code, without calling it an error.
        setNeedsCode(true);
        setPending(false);
        return;
      }
      const text = loginErrorText(error, t);
      setFormError(text);
      messages.show({ text, tone: 'error', durationMs: 5_000 });
      setPending(false);
    }
  }

  return (
    <SimpleShell narrow>
      {audience === 'user' && <LanguageSwitch />}
      <PageHeader title={title} />
      <Stack gap={4}>
        <Card as="form" spacious noValidate onSubmit={(event) => void submit(event)} aria-label={title}>
          <Stack gap={4}>
            {formError && (
              <Callout as="p" role="alert">
                {formError}
              </Callout>
            )}
            <TextField
              label={idLabel}
              name="username"
              value={id}
              onChange={setId}
              autoComplete="username"
              isRequired
              isInvalid={Boolean(fieldErrors.id)}
              errorMessage={fieldErrors.id}
              autoFocus
            />
            <PasswordField
              label={passwordLabel}
              name="password"
              value={password}
              onChange={setPassword}
              autoComplete="current-password"
              isRequired
              isInvalid={Boolean(fieldErrors.password)}
              errorMessage={fieldErrors.password}
            />
            {needsCode && (
              <>
                <Text tone="muted" size="sm" role="status">
                  {recoveryMode ? t('login.twoFactor.recoveryHint') : t('login.twoFactor.hint')}
                </Text>
                <TextField
                  key={recoveryMode ? 'recovery' : 'totp'}
                  label={codeLabel}
                  name="code"
                  value={code}
                  onChange={setCode}
                  autoComplete="one-time-code"
                  inputMode={recoveryMode ? 'text' : 'numeric'}
                  maxLength={64}
                  isRequired
                  isInvalid={Boolean(fieldErrors.code)}
                  errorMessage={fieldErrors.code}
                  autoFocus
                />
                <PlainButton variant="ghost" size="sm" onPress={() => setRecoveryMode((on) => !on)}>
                  {recoveryMode ? t('login.twoFactor.useApp') : t('login.twoFactor.useRecovery')}
                </PlainButton>
              </>
            )}
            <Button type="submit" isPending={pending} pendingLabel={t('login.submitting')}>
              {t('login.submit')}
            </Button>
          </Stack>
        </Card>
        {audience === 'user' && <LineLoginEntry />}
        <LinkList>
          <li>
            <Link to={passwordResetPath}>{t('login.forgotPassword')}</Link>
          </li>
          <li>
            <Link to="/">{t('login.toTop')}</Link>
          </li>
        </LinkList>
      </Stack>
    </SimpleShell>
  );
}
