import { Button, PageHeader, TextField } from '@clinic/ui-kit';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useHttp } from '../api/HttpContext';
import { SimpleShell } from '../ui/SimpleShell';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { AuthForm, FormError, Lead, Back } from './auth-form.styles';

const Sent = styled.div`
  padding: var(--space-5) var(--space-4);
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-top: 4px solid var(--color-success);
  border-radius: var(--radius-lg);

  h2 {
    margin: 0 0 var(--space-2);
    font-size: var(--font-size-lg);
  }
  p {
    margin: 0;
  }
`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The page's texts, already translated by the caller. */
export interface PasswordResetTexts {
  readonly title: string;
  readonly lead: string;
  readonly email: string;
  readonly required: string;
  readonly invalidEmail: string;
  readonly formInvalid: string;
  readonly submit: string;
  readonly submitting: string;
  readonly sentTitle?: string;
  readonly sent: string;
  readonly toLogin: string;
}

/**
 * Asks for a password-reset mail (staff at /staff/password/reset/, members at
 * /user/password/reset/). The answer is the same whether the address is known or not, and so is
 * the confirmation: nobody learns which accounts exist.
 */
export function PasswordResetRequestPage({ endpoint, loginPath, texts }: { endpoint: string; loginPath: string; texts: PasswordResetTexts }) {
  const http = useHttp();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);
  useDocumentTitle(texts.title);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const value = email.trim();
    const problem = !value ? texts.required : !EMAIL.test(value) ? texts.invalidEmail : undefined;
    setError(problem);
    if (problem) return;
    setPending(true);
    try {
      await http.post(endpoint, { email: value });
      setSent(true);
    } catch {
      // No answer or a server failure: the HTTP client has said so; the person may try again.
    } finally {
      setPending(false);
    }
  }

  return (
    <SimpleShell narrow>
      <PageHeader title={texts.title} />
      {sent ? (
        <Sent role="status">
          {texts.sentTitle && <h2>{texts.sentTitle}</h2>}
          <p>{texts.sent}</p>
        </Sent>
      ) : (
        <>
          <Lead>{texts.lead}</Lead>
          <AuthForm noValidate onSubmit={(event) => void submit(event)} aria-label={texts.title}>
            {error && <FormError role="alert">{texts.formInvalid}</FormError>}
            <TextField
              label={texts.email}
              type="email"
              inputMode="email"
              value={email}
              onChange={setEmail}
              autoComplete="email"
              isRequired
              autoFocus
              maxLength={254}
              isInvalid={Boolean(error)}
              errorMessage={error}
            />
            <Button type="submit" isPending={pending} pendingLabel={texts.submitting}>
              {texts.submit}
            </Button>
          </AuthForm>
        </>
      )}
      <Back>
        <Link to={loginPath}>{texts.toLogin}</Link>
      </Back>
    </SimpleShell>
  );
}
