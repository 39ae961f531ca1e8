import { Button, Callout, Card, Heading, PageHeader, Stack, Text, TextField } from '@clinic/ui-kit';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { SimpleShell } from '../ui/SimpleShell';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { Back } from './auth-form.styles';

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
export function PasswordResetRequestPage({
  request,
  loginPath,
  texts,
}: {
  /** Sends the reset mail's request (a route of the table, through the API client). */
  request: (email: string) => Promise<unknown>;
  loginPath: string;
  texts: PasswordResetTexts;
}) {
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
      await request(value);
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
      <Stack gap={4}>
        {sent ? (
          <Card as="div" accent="success" spacious role="status">
            <Stack gap={2}>
              {texts.sentTitle && <Heading level={2}>{texts.sentTitle}</Heading>}
              <Text>{texts.sent}</Text>
            </Stack>
          </Card>
        ) : (
          <>
            <Text>{texts.lead}</Text>
            <Card as="form" spacious noValidate onSubmit={(event) => void submit(event)} aria-label={texts.title}>
              <Stack gap={4}>
                {error && (
                  <Callout as="p" role="alert">
                    {texts.formInvalid}
                  </Callout>
                )}
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
              </Stack>
            </Card>
          </>
        )}
        <Back>
          <Link to={loginPath}>{texts.toLogin}</Link>
        </Back>
      </Stack>
    </SimpleShell>
  );
}
