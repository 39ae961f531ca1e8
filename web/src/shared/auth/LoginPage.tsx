import { Button, PageHeader, PasswordField, TextField, useMessages } from '@clinic/ui-kit';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useT, type MessageKey } from '../../i18n';
import { useHttp } from '../api/HttpContext';
import { LineLoginEntry } from '../line/LineLoginEntry';
import { SimpleShell } from '../ui/SimpleShell';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { LOGIN_SUCCESS_PATH, loginErrorText, loginUsername, type LoginAudience, type LoginResult } from './login';
import { AuthForm, FormError } from './auth-form.styles';

const Links = styled.ul`
  list-style: none;
  margin: var(--space-4) 0 0;
  padding: 0;
  display: grid;
  gap: var(--space-2);

  a {
    color: var(--color-primary);
  }
`;

interface LoginPageProps {
  audience: LoginAudience;
  titleKey: MessageKey;
  idLabelKey: MessageKey;
  passwordResetPath: string;
}

interface FieldErrors {
  id?: string;
  password?: string;
}

/** Staff and member login: labelled fields, Enter submits, errors beside the form and as a message. */
export function LoginPage({ audience, titleKey, idLabelKey, passwordResetPath }: LoginPageProps) {
  const t = useT();
  const http = useHttp();
  const messages = useMessages();
  const navigate = useNavigate();
  const [id, setId] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
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
    setFieldErrors(errors);
    if (errors.id || errors.password) return;

    setPending(true);
    setFormError(null);
    try {
      await http.postForm<LoginResult>(
        '/api/login',
        { username: loginUsername(audience, id), password },
        { notifyErrors: false },
      );
      void navigate(LOGIN_SUCCESS_PATH[audience], { replace: true });
    } catch (error) {
      const text = loginErrorText(error, t);
      setFormError(text);
      messages.show({ text, tone: 'error', durationMs: 5_000 });
      setPending(false);
    }
  }

  return (
    <SimpleShell narrow>
      <PageHeader title={title} />
      <AuthForm noValidate onSubmit={(event) => void submit(event)} aria-label={title}>
        {formError && <FormError role="alert">{formError}</FormError>}
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
        <Button type="submit" isPending={pending} pendingLabel={t('login.submitting')}>
          {t('login.submit')}
        </Button>
      </AuthForm>
      {audience === 'user' && <LineLoginEntry />}
      <Links>
        <li>
          <Link to={passwordResetPath}>{t('login.forgotPassword')}</Link>
        </li>
        <li>
          <Link to="/">{t('login.toTop')}</Link>
        </li>
      </Links>
    </SimpleShell>
  );
}
