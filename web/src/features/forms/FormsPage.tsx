import { Badge, Button, Callout, Card, EmptyState, ErrorState, Heading, Inline, PageHeader, Spinner, Stack, Text, type BadgeTone } from '@clinic/ui-kit';
import { I18nProvider } from 'react-aria-components';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLanguage } from '../../i18n';
import { LOCALES } from '../../i18n/languages';
import { HttpError } from '../../shared/api/http';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { useLoad, useReloadKey } from '../../shared/useLoad';
import { FormFill } from './FormFill';
import type { FormsApi, FormStatus, PatientForm } from './forms.api';
import { fill, useFormsTexts } from './forms-texts';

const STATUS_TONE: Record<FormStatus, BadgeTone> = { PENDING: 'warning', SUBMITTED: 'success', SIGNED: 'success', COMPLETE: 'success' };

export interface FormsPageProps {
  api: FormsApi;
  /** The birth date the clinic knows (a member's profile); a consent asks for it otherwise. */
  loadBirthDate?: () => Promise<string | null>;
  /** Under the list: the way back (the member's reservations). */
  footer?: ReactNode;
}

/**
 * The forms a reservation needs (問診票, 同意書), their state, and the one being filled. On a
 * phone first; in the person's language; nothing is saved until a form is sent.
 */
export function FormsPage({ api, loadBirthDate, footer }: FormsPageProps) {
  const texts = useFormsTexts();
  const language = useLanguage();
  useDocumentTitle(texts.page.title);
  const [reloadKey, reload] = useReloadKey();
  const state = useLoad(() => api.list(), [api], { reloadKey, keepWhileReloading: true });
  const [openId, setOpenId] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const top = useRef<HTMLDivElement>(null);

  const forms = state.status === 'ready' ? state.data : [];
  const open = forms.find((f) => f.formId === openId) ?? null;
  const needsBirthDate = forms.some((f) => f.kind === 'CONSENT');
  // The birth date the clinic knows, read once a consent asks for it (none when it cannot be read).
  const known = useLoad(() => (needsBirthDate && loadBirthDate ? loadBirthDate() : Promise.resolve(null)), [needsBirthDate, loadBirthDate]);
  const birthDate = known.status === 'ready' ? known.data : null;

  // A form opened or closed: start at its top, with focus on its heading (or the page's outcome).
  useEffect(() => {
    window.scrollTo?.(0, 0);
    const target = top.current?.querySelector<HTMLElement>(openId ? '[data-form-heading]' : '[data-forms-outcome], h1');
    target?.focus?.({ preventScroll: true });
  }, [openId]);

  const onSent = (form: PatientForm) => {
    setSent(fill(texts.page.sent, { title: form.title }));
    setOpenId(null);
    reload();
  };

  let content: ReactNode;
  if (state.status === 'loading') {
    content = <Spinner label={texts.page.loading} showLabel placement="block" />;
  } else if (state.status === 'failed') {
    const text = state.error instanceof HttpError ? state.error.notice.text : String(state.error);
    content = <ErrorState message={text} onRetry={reload} retryLabel={texts.page.retry} />;
  } else if (open) {
    content = (
      <Stack gap={4}>
        <div>
          <Button variant="ghost" size="sm" onPress={() => setOpenId(null)}>
            {texts.page.back}
          </Button>
        </div>
        <FormFill form={open} api={api} birthDate={birthDate} onSent={onSent} onVersionChanged={reload} />
      </Stack>
    );
  } else if (forms.length === 0) {
    content = <EmptyState>{texts.page.none}</EmptyState>;
  } else {
    const allDone = forms.every((f) => f.status !== 'PENDING');
    content = (
      <Stack gap={4}>
        {sent && (
          <Callout tone="success" role="status" data-forms-outcome tabIndex={-1}>
            {allDone ? `${sent} ${texts.page.allDone}` : sent}
          </Callout>
        )}
        <Stack as="ul" gap={3} aria-label={texts.page.title}>
          {forms.map((form) => (
            <Card as="li" key={form.formId} data-testid="patient-form">
              <Stack gap={2}>
                <Inline gap={2}>
                  <Badge tone={STATUS_TONE[form.status]}>{texts.statuses[form.status]}</Badge>
                  <Text as="span" size="sm" tone="muted">
                    {texts.kinds[form.kind]}
                  </Text>
                </Inline>
                <Heading level={2} size="md">
                  {form.title}
                </Heading>
                {(form.status === 'SIGNED' || form.status === 'COMPLETE') && (
                  <Text size="sm" tone="muted">
                    {texts.statusNotes[form.status]}
                  </Text>
                )}
                <Inline grow="phone">
                  <Button
                    variant={form.status === 'PENDING' ? 'primary' : 'secondary'}
                    onPress={() => {
                      setSent(null);
                      setOpenId(form.formId);
                    }}
                    aria-label={`${form.status === 'PENDING' ? texts.actions.answer : texts.actions.review}: ${form.title}`}
                  >
                    {form.status === 'PENDING' ? texts.actions.answer : texts.actions.review}
                  </Button>
                </Inline>
              </Stack>
            </Card>
          ))}
        </Stack>
      </Stack>
    );
  }

  return (
    <I18nProvider locale={LOCALES[language]}>
      <section ref={top}>
        <Stack gap={4}>
          <PageHeader title={texts.page.title} description={open ? undefined : texts.page.lead} />
          {content}
          {!open && footer}
        </Stack>
      </section>
    </I18nProvider>
  );
}
