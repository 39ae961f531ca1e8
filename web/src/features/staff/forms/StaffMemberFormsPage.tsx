import { Button, Callout, EmptyState, Inline, PageHeader, Spinner, Stack } from '@clinic/ui-kit';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useT } from '../../../i18n';
import { useHttp } from '../../../shared/api/HttpContext';
import { LinkButton } from '../../../shared/ui/LinkButton';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { useLoad, useReloadKey } from '../../../shared/useLoad';
import type { Reservation } from '../calendar/calendar.api';
import { LoadError } from '../staffs/parts';
import { usersApi } from '../users/users.api';
import { PrintSheet, PrintStyles } from './print.styles';
import { PrintedResponse } from './StaffFormPrintPage';
import { staffFormsApi, type FormsExport } from './staff-forms.api';

/** Saves the export as a JSON file (the records with their canonical texts and hashes, and `verified`). */
export function saveExportFile(exported: FormsExport, fileName: string): void {
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(new Blob([JSON.stringify(exported, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * `/staff/users/:id/forms/`: the export of one member's 問診票・同意書 — the hash chain checked by
 * the server (GET /api/staffs/users/{id}/forms/export, in the access audit), the JSON file, and
 * every response as a printable sheet (one per page), oldest first, each with its own version.
 */
export function StaffMemberFormsPage() {
  const t = useT();
  const http = useHttp();
  const { id = '' } = useParams();
  const forms = useMemo(() => staffFormsApi(http), [http]);
  const users = useMemo(() => usersApi(http), [http]);
  const [reloadKey, reload] = useReloadKey();
  const state = useLoad<{ exported: FormsExport; name: string; userNumber: string | null; reservations: Map<string, Reservation> }>(
    async () => {
      const [exported, details] = await Promise.all([forms.exportMember(id), users.details(id)]);
      return {
        exported,
        name: details.member.name,
        userNumber: details.member.userNumber,
        reservations: new Map(details.reservations.map((r) => [r.id, r])),
      };
    },
    [forms, users, id],
    { reloadKey },
  );
  const ready = state.status === 'ready' ? state.data : null;
  useDocumentTitle(ready ? t('staffForms.memberTitle', { name: ready.name }) : t('staffForms.memberPageTitle'));

  return (
    <section>
      <PrintStyles />
      <PageHeader
        title={ready ? t('staffForms.memberTitle', { name: ready.name }) : t('staffForms.memberPageTitle')}
        actions={
          <span data-print-hide>
            <LinkButton to="/staff/users/" data-variant="secondary" data-size="sm">
              {t('staffForms.backToMembers')}
            </LinkButton>
          </span>
        }
      />
      {state.status === 'loading' && <Spinner label={t('staffForms.memberLoading')} showLabel placement="block" />}
      {state.status === 'failed' && <LoadError error={state.error} onRetry={reload} />}
      {ready && (
        <Stack gap={4}>
          <div data-print-hide>
            <Stack gap={3}>
              <Callout tone={ready.exported.verified ? 'success' : 'danger'} role="status">
                {ready.exported.verified ? t('staffForms.chainVerified', { count: ready.exported.records.length }) : t('staffForms.chainBroken')}
              </Callout>
              <Inline>
                <Button variant="secondary" onPress={() => saveExportFile(ready.exported, `forms-${ready.userNumber ?? id}.json`)}>
                  {t('staffForms.downloadJson')}
                </Button>
                {ready.exported.records.length > 0 && <Button onPress={() => window.print()}>{t('staffForms.printAll')}</Button>}
              </Inline>
            </Stack>
          </div>
          {ready.exported.records.length === 0 ? (
            <EmptyState>{t('staffForms.memberNone')}</EmptyState>
          ) : (
            <PrintSheet data-print-sheet>
              {ready.exported.records.map((record) => (
                <PrintedResponse key={record.responseId} response={record} reservation={ready.reservations.get(record.reservationId) ?? null} />
              ))}
            </PrintSheet>
          )}
        </Stack>
      )}
    </section>
  );
}
