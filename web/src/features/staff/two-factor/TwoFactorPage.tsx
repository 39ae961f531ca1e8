import { Button, Card, ConfirmDialog, FactList, Inline, PageHeader, Stack, Text, TextField, useMessages } from '@clinic/ui-kit';
import { QRCodeSVG } from 'qrcode.react';
import { useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { HttpError } from '../../../shared/api/http';
import { useHttp } from '../../../shared/api/HttpContext';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { useLoad } from '../../../shared/useLoad';
import { useStaffSession } from '../StaffSessionContext';
import { formatDeadline, groupedSecret, twoFactorApi, type TwoFactorSetup, type TwoFactorStatus } from './two-factor.api';

const Steps = styled.ol`
  display: grid;
  gap: var(--space-4);
  margin: 0;
  padding-left: var(--space-5);
`;

const QrRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-4);
  align-items: center;
  margin-top: var(--space-2);

  svg {
    flex: none;
    background: #fff;
  }
`;

const Secret = styled.code`
  display: inline-block;
  padding: var(--space-2) var(--space-3);
  border-radius: var(--radius-sm);
  background: var(--color-surface-alt);
  font-size: var(--font-size-md);
  letter-spacing: 0.06em;
  overflow-wrap: anywhere;
  user-select: all;
`;

const Codes = styled.ol`
  display: grid;
  grid-template-columns: repeat(2, max-content);
  gap: var(--space-2) var(--space-6);
  margin: 0;
  padding-left: var(--space-5);
  font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  font-size: var(--font-size-lg);

  @media (max-width: 400px) {
    grid-template-columns: max-content;
  }
`;

/** What a wrong code answers, beside the field; anything else is shown as a message. */
function useCodeErrors() {
  const messages = useMessages();
  const t = useT();
  return (error: unknown): string | null => {
    if (error instanceof HttpError && (error.code === 'INVALID_TWO_FACTOR_CODE' || error.code === 'RATE_LIMITED')) {
      return error.serverMessage || error.notice.text;
    }
    const text = error instanceof HttpError ? error.notice.text : t('errors.http.unexpected');
    messages.show({ text, tone: 'error', durationMs: 5_000 });
    return null;
  };
}

function CodeInput({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | null }) {
  const t = useT();
  return (
    <TextField
      label={t('twoFactor.code')}
      name="code"
      value={value}
      onChange={onChange}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={64}
      isRequired
      isInvalid={Boolean(error)}
      errorMessage={error ?? undefined}
      description={t('twoFactor.codeHelp')}
    />
  );
}

/** /staff/two-factor/: the staff member's own two-factor login: set up, recovery codes, turn off. */
export function TwoFactorPage() {
  const t = useT();
  const http = useHttp();
  const api = useMemo(() => twoFactorApi(http), [http]);
  const session = useStaffSession();
  const title = t('twoFactor.title');
  useDocumentTitle(title);
  const [version, setVersion] = useState(0);
  // The recovery codes card lives in this page's state: a reload must not unmount it.
  const state = useLoad<TwoFactorStatus>(() => api.status(), [api], { keepWhileReloading: true, reloadKey: version });
  // Recovery codes are shown once, right after they are made.
  const [codes, setCodes] = useState<string[] | null>(null);

  const reload = () => setVersion((v) => v + 1);
  const issued = (recoveryCodes: string[]) => {
    setCodes(recoveryCodes);
    reload();
  };

  return (
    <section>
      <PageHeader title={title} description={t('twoFactor.lead')} />
      {state.status === 'failed' && <LoadFailed error={state.error} />}
      {state.status === 'ready' && (
        <Stack style={{ maxWidth: 720 }}>
          <StatusCard status={state.data} />
          {codes && (
            <RecoveryCodesCard
              codes={codes}
              onDone={() => {
                setCodes(null);
                session.refreshTwoFactor?.();
              }}
            />
          )}
          {!state.data.enabled && <SetupCard api={api} onActivated={issued} />}
          {state.data.enabled && !codes && (
            <>
              <RegenerateCard api={api} onIssued={issued} />
              {!state.data.required && (
                <DisableCard
                  api={api}
                  onDisabled={() => {
                    reload();
                    session.refreshTwoFactor?.();
                  }}
                />
              )}
            </>
          )}
        </Stack>
      )}
    </section>
  );
}

function StatusCard({ status }: { status: TwoFactorStatus }) {
  const t = useT();
  return (
    <Card title={t('twoFactor.status.title')}>
      <FactList emphasis>
        <dt>{t('twoFactor.status.state')}</dt>
        <dd>{status.enabled ? t('twoFactor.status.enabled') : t('twoFactor.status.disabled')}</dd>
        <dt>{t('twoFactor.status.required')}</dt>
        <dd>{status.required ? t('twoFactor.status.requiredYes') : t('twoFactor.status.requiredNo')}</dd>
        {status.enabled && (
          <>
            <dt>{t('twoFactor.status.codesLeft')}</dt>
            <dd>{t('twoFactor.status.codesLeftValue', { count: status.recoveryCodesLeft })}</dd>
          </>
        )}
      </FactList>
      {status.deadline && (
        <Text tone="warning" weight="semibold">
          {Date.parse(status.deadline) < Date.now()
            ? t('twoFactor.status.deadlinePassed', { deadline: formatDeadline(status.deadline) })
            : t('twoFactor.status.deadline', { deadline: formatDeadline(status.deadline) })}
        </Text>
      )}
    </Card>
  );
}

/** The code field of the setup, regenerate and disable forms: its value, error and pending state. */
function useCodeField() {
  const t = useT();
  const codeErrors = useCodeErrors();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  /** The code typed, or null with the "required" message shown when there is none. */
  const required = (): string | null => {
    const value = code.trim();
    if (!value) setError(t('login.required', { field: t('twoFactor.code') }));
    return value || null;
  };
  /** Runs `action` while pending; a refusal becomes the field's error. */
  const attempt = async (action: () => Promise<void>): Promise<void> => {
    setPending(true);
    try {
      await action();
    } catch (failure) {
      setError(codeErrors(failure));
    } finally {
      setPending(false);
    }
  };
  return { code, setCode, error, setError, pending, required, attempt };
}

function SetupCard({ api, onActivated }: { api: ReturnType<typeof twoFactorApi>; onActivated: (codes: string[]) => void }) {
  const t = useT();
  const field = useCodeField();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [starting, setStarting] = useState(false);

  async function start() {
    setStarting(true);
    try {
      setSetup(await api.setup());
      field.setCode('');
      field.setError(null);
    } catch {
      // Shown by the HTTP client.
    } finally {
      setStarting(false);
    }
  }

  async function activate(event: FormEvent) {
    event.preventDefault();
    const code = field.required();
    if (code) await field.attempt(async () => onActivated((await api.activate(code)).recoveryCodes));
  }

  if (!setup) {
    return (
      <Card title={t('twoFactor.setup.title')}>
        <Stack>
          <Text>{t('twoFactor.setup.intro')}</Text>
          <Inline>
            <Button onPress={() => void start()} isPending={starting}>
              {t('twoFactor.setup.start')}
            </Button>
          </Inline>
        </Stack>
      </Card>
    );
  }

  return (
    <Card title={t('twoFactor.setup.title')}>
      <Steps>
        <li>
          <Text>{t('twoFactor.setup.scan')}</Text>
          <QrRow>
            <QRCodeSVG value={setup.otpauthUrl} size={200} marginSize={2} role="img" aria-label={t('twoFactor.setup.qrLabel')} />
            <div>
              <Text>{t('twoFactor.setup.manual')}</Text>
              <Secret aria-label={t('twoFactor.setup.secretLabel')}>{groupedSecret(setup.secret)}</Secret>
            </div>
          </QrRow>
        </li>
        <li>
          <Stack as="form" gap={3} style={{ maxWidth: 320 }} noValidate onSubmit={(event) => void activate(event)} aria-label={t('twoFactor.setup.confirm')}>
            <Text>{t('twoFactor.setup.enterCode')}</Text>
            <CodeInput value={field.code} onChange={field.setCode} error={field.error} />
            <Inline>
              <Button type="submit" isPending={field.pending}>
                {t('twoFactor.setup.activate')}
              </Button>
              <Button variant="secondary" onPress={() => void start()} isDisabled={field.pending || starting}>
                {t('twoFactor.setup.restart')}
              </Button>
            </Inline>
          </Stack>
        </li>
      </Steps>
    </Card>
  );
}

function RecoveryCodesCard({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  const messages = useMessages();

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      messages.show({ text: t('twoFactor.codes.copied'), tone: 'success' });
    } catch {
      messages.show({ text: t('twoFactor.codes.copyFailed'), tone: 'error', durationMs: 5_000 });
    }
  }

  return (
    <Card title={t('twoFactor.codes.title')}>
      <Stack>
        <Text tone="warning" weight="semibold">
          {t('twoFactor.codes.once')}
        </Text>
        <Text>{t('twoFactor.codes.help')}</Text>
        <Codes aria-label={t('twoFactor.codes.title')}>
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Codes>
        <Inline>
          <Button variant="secondary" onPress={() => void copy()}>
            {t('twoFactor.codes.copy')}
          </Button>
          <Button variant="secondary" onPress={() => window.print()}>
            {t('twoFactor.codes.print')}
          </Button>
          <Button onPress={onDone}>{t('twoFactor.codes.done')}</Button>
        </Inline>
      </Stack>
    </Card>
  );
}

function RegenerateCard({ api, onIssued }: { api: ReturnType<typeof twoFactorApi>; onIssued: (codes: string[]) => void }) {
  const t = useT();
  const field = useCodeField();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const code = field.required();
    if (!code) return;
    await field.attempt(async () => {
      const { recoveryCodes } = await api.regenerate(code);
      field.setCode('');
      field.setError(null);
      onIssued(recoveryCodes);
    });
  }

  return (
    <Card title={t('twoFactor.regenerate.title')}>
      <Stack as="form" gap={3} style={{ maxWidth: 320 }} noValidate onSubmit={(event) => void submit(event)} aria-label={t('twoFactor.regenerate.title')}>
        <Text>{t('twoFactor.regenerate.help')}</Text>
        <CodeInput value={field.code} onChange={field.setCode} error={field.error} />
        <Inline>
          <Button type="submit" isPending={field.pending}>
            {t('twoFactor.regenerate.submit')}
          </Button>
        </Inline>
      </Stack>
    </Card>
  );
}

function DisableCard({ api, onDisabled }: { api: ReturnType<typeof twoFactorApi>; onDisabled: () => void }) {
  const t = useT();
  const messages = useMessages();
  const field = useCodeField();
  const [confirming, setConfirming] = useState(false);

  function ask(event: FormEvent) {
    event.preventDefault();
    if (!field.required()) return;
    field.setError(null);
    setConfirming(true);
  }

  async function disable() {
    await field.attempt(async () => {
      await api.disable(field.code.trim());
      messages.show({ text: t('twoFactor.disable.done'), tone: 'success' });
      onDisabled();
    });
    setConfirming(false);
  }

  return (
    <Card title={t('twoFactor.disable.title')}>
      <Stack as="form" gap={3} style={{ maxWidth: 320 }} noValidate onSubmit={ask} aria-label={t('twoFactor.disable.title')}>
        <Text>{t('twoFactor.disable.help')}</Text>
        <CodeInput value={field.code} onChange={field.setCode} error={field.error} />
        <Inline>
          <Button type="submit" variant="danger">
            {t('twoFactor.disable.submit')}
          </Button>
        </Inline>
      </Stack>
      <ConfirmDialog
        isOpen={confirming}
        tone="danger"
        title={t('twoFactor.disable.title')}
        message={t('twoFactor.disable.confirm')}
        isPending={field.pending}
        onConfirm={() => void disable()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
