import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useLanguage } from '../../i18n';
import type { Language } from '../../i18n/languages';
import { LinkButton } from '../../shared/ui/LinkButton';
import { useLoad } from '../../shared/useLoad';
import { createApi } from '../../shared/api/api';
import { guestForms, memberForms } from '../../shared/api/endpoints';
import type { HttpClient } from '../../shared/api/http';
import type { PatientForm } from './forms.api';

/*
 * The link to a reservation's forms page, shown where a booking is seen (the done pages, the
 * member's reservations) only when the reservation needs forms. Kept apart from the forms
 * page's chunk and texts: the pages that show it load only this.
 */

const LINK_TEXTS: Record<Language, { heading: string; text: string; action: string; pending: string; done: string }> = {
  ja: {
    heading: '問診票・同意書のご記入',
    text: 'ご来院の前に、スマートフォンからご記入いただけます。',
    action: '問診票・同意書を記入する',
    pending: '未記入 {{count}}件',
    done: '記入済み',
  },
  en: {
    heading: 'Questionnaire and consent',
    text: 'You can fill them in on your phone before your visit.',
    action: 'Fill in the questionnaire and consent',
    pending: '{{count}} to fill in',
    done: 'Filled in',
  },
  'zh-CN': {
    heading: '填写问诊表与同意书',
    text: '来院前可以用手机填写。',
    action: '填写问诊表与同意书',
    pending: '未填写 {{count}}份',
    done: '已填写',
  },
};

/** The forms page of a reservation (docs/forms.md): the link of done pages and messages. */
export const memberFormsPath = (reservationId: string): string => `/user/mypage/reservations/${encodeURIComponent(reservationId)}/forms/`;
export const guestFormsPath = (token: string): string => `/guest/forms/?token=${encodeURIComponent(token)}`;

type Load = () => Promise<readonly Pick<PatientForm, 'status'>[]>;

/** The forms of a member's reservation, read quietly (a failure only leaves the link out). */
export const memberFormsLoader =
  (http: HttpClient, reservationId: string): Load =>
  () =>
    createApi(http, { memberForms }).memberForms.list({ params: { id: reservationId } }, { notifyErrors: false });

/** The forms of a guest's booking by its token, read quietly. */
export const guestFormsLoader =
  (http: HttpClient, token: string): Load =>
  () =>
    createApi(http, { guestForms }).guestForms.list({ query: { token } }, { notifyErrors: false });

const aside = (language: Language, text: string): string => (language === 'en' ? ` (${text})` : `（${text}）`);

export interface FormsSummary {
  total: number;
  pending: number;
}

export const summarizeForms = (forms: readonly Pick<PatientForm, 'status'>[]): FormsSummary => ({
  total: forms.length,
  pending: forms.filter((f) => f.status === 'PENDING').length,
});

/** The forms of a reservation, read once; null until known, or when the read fails (no link then). */
function useFormsSummary(load: Load): FormsSummary | null {
  const forms = useLoad(load, [load]);
  return forms.status === 'ready' ? summarizeForms(forms.data) : null;
}

const Box = styled.section`
  margin: var(--space-5) 0;
  padding: var(--space-4);
  border: 1px solid var(--color-border);
  border-left: 4px solid var(--color-primary);
  border-radius: var(--radius-md);
  background: var(--color-surface);
  h2 {
    margin: 0 0 var(--space-2);
    font-size: var(--font-size-lg);
  }
  p {
    margin: 0 0 var(--space-3);
  }
`;

/** A box with a heading, a line and the button to the forms page (done pages). */
export function FormsLinkBox({ load, to }: { load: Load; to: string }) {
  const language = useLanguage();
  const texts = LINK_TEXTS[language];
  const summary = useFormsSummary(load);
  if (!summary || summary.total === 0) return null;
  return (
    <Box aria-labelledby="forms-link-heading" data-testid="forms-link">
      <h2 id="forms-link-heading">{texts.heading}</h2>
      <p>{summary.pending > 0 ? `${texts.text}${aside(language, texts.pending.replace('{{count}}', String(summary.pending)))}` : texts.done}</p>
      <LinkButton to={to} data-variant={summary.pending > 0 ? 'primary' : 'secondary'}>
        {texts.action}
      </LinkButton>
    </Box>
  );
}

/** One line: the link and what is left to fill in (a reservation in a list). */
export function FormsLinkLine({ load, to }: { load: Load; to: string }) {
  const language = useLanguage();
  const texts = LINK_TEXTS[language];
  const summary = useFormsSummary(load);
  if (!summary || summary.total === 0) return null;
  const state = summary.pending > 0 ? texts.pending.replace('{{count}}', String(summary.pending)) : texts.done;
  return (
    <Link to={to} data-testid="forms-link">
      {`${texts.heading}${aside(language, state)}`}
    </Link>
  );
}
