import { Button, Spinner, Text } from '@clinic/ui-kit';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useT } from '../../../i18n';
import { staffForms } from '../../../shared/api/endpoints';
import { useApi, useHttp } from '../../../shared/api/HttpContext';
import { LinkButton } from '../../../shared/ui/LinkButton';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { useLoad, useReloadKey } from '../../../shared/useLoad';
import { calendarApi, type Reservation } from '../calendar/calendar.api';
import { LoadError } from '../staffs/parts';
import { formatAt, ResponseView } from './ResponseView';
import { staffFormsPath, type FormResponse } from './staff-forms.api';
import { PrintSheet, PrintStyles } from './print.styles';

/**
 * `/staff/form-responses/:responseId/print/`: one response alone, rendered with its own version
 * (見読性: readable and printable on demand), with the person, the visit, the response's id, time
 * and hash; the print style leaves out everything but the sheet.
 */
export function StaffFormPrintPage() {
  const t = useT();
  const http = useHttp();
  const api = useApi({ staffForms });
  const calendar = useMemo(() => calendarApi(http), [http]);
  const { responseId = '' } = useParams();
  const [reloadKey, reload] = useReloadKey();
  const state = useLoad<{ response: FormResponse; reservation: Reservation | null }>(
    async () => {
      const response = (await api.staffForms.response({ params: { responseId } })) as FormResponse;
      const reservation = await calendar.reservation(response.reservationId).catch(() => null);
      return { response, reservation };
    },
    [api, calendar, responseId],
    { reloadKey },
  );
  const ready = state.status === 'ready' ? state.data : null;
  useDocumentTitle(
    ready
      ? `${t('staffForms.printHeading', { title: ready.response.title, version: ready.response.version })}${ready.reservation ? `　${t('staffForms.printPerson', { name: ready.reservation.user.name })}` : ''}`
      : t('staffForms.pageTitle'),
  );

  return (
    <section>
      <PrintStyles />
      {state.status === 'loading' && <Spinner label={t('staffForms.printLoading')} showLabel placement="block" />}
      {state.status === 'failed' && <LoadError error={state.error} onRetry={reload} />}
      {ready && (
        <>
          <div data-print-hide style={{ display: 'flex', gap: 'var(--space-2)', flexWrap: 'wrap', marginBottom: 'var(--space-4)' }}>
            <Button onPress={() => window.print()}>{t('staffForms.print')}</Button>
            <LinkButton to={staffFormsPath(ready.response.reservationId)} data-variant="secondary">
              {t('staffForms.backToAnswers')}
            </LinkButton>
          </div>
          <PrintSheet data-print-sheet data-testid="print-sheet">
            <PrintedResponse response={ready.response} reservation={ready.reservation} />
          </PrintSheet>
        </>
      )}
    </section>
  );
}

/** The sheet of one response: heading, person and visit, then the response with its own version. */
export function PrintedResponse({ response, reservation }: { response: FormResponse; reservation: Reservation | null }) {
  const t = useT();
  return (
    <article data-response={response.responseId}>
      <h1>{t('staffForms.printHeading', { title: response.title || t(`staffForms.kinds.${response.kind}`), version: response.version })}</h1>
      {reservation && (
        <Text weight="bold">
          {`${t('staffForms.printPerson', { name: reservation.user.name })}　${formatAt(reservation.startsAt)}　${reservation.menus.map((m) => m.name).join('、')}`}
        </Text>
      )}
      <Text size="sm" tone="muted">
        {t('staffForms.printMeta', { id: response.responseId, at: formatAt(response.submittedAt) })}
      </Text>
      <ResponseView response={response} />
    </article>
  );
}
