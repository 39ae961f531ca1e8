import { Button, Card, EmptyState, PageHeader, RadioGroup, Select, Spinner, Stack, Text, useMessages } from '@clinic/ui-kit';
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useT } from '../../../i18n';
import { useHttp } from '../../../shared/api/HttpContext';
import { LinkButton } from '../../../shared/ui/LinkButton';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { useLoad, useReloadKey } from '../../../shared/useLoad';
import { calendarApi, type Reservation } from '../calendar/calendar.api';
import { LoadError } from '../staffs/parts';
import { formatAt, ResponseView } from './ResponseView';
import { currentResponses, previousResponse, printPath, staffFormsApi, type CountersignMode, type FormResponse } from './staff-forms.api';

interface PageData {
  reservation: Reservation;
  responses: FormResponse[];
  history: FormResponse[];
  doctors: { id: string; label: string }[];
}

/**
 * `/staff/reservations/:id/forms/`: the 問診票・同意書 of a reservation, each rendered with its own
 * version, beside the previous visit's answers where they differ; the doctor's countersign of a
 * consent; a printable page per response.
 */
export function StaffFormsPage() {
  const t = useT();
  const http = useHttp();
  const messages = useMessages();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const forms = useMemo(() => staffFormsApi(http), [http]);
  const calendar = useMemo(() => calendarApi(http), [http]);
  useDocumentTitle(t('staffForms.pageTitle'));
  const [reloadKey, reload] = useReloadKey();
  const state = useLoad<PageData>(
    async () => {
      const [reservation, responses] = await Promise.all([calendar.reservation(id), forms.responses(id)]);
      const [history, staffs] = await Promise.all([
        responses.length > 0
          ? forms.exportMember(reservation.user.id).then(
              (e) => e.records,
              () => [],
            )
          : Promise.resolve([]),
        calendar.staffs(reservation.clinicId).catch(() => []),
      ]);
      const doctors = staffs.filter((s) => (s as { doctor?: boolean }).doctor).map((s) => ({ id: s.id, label: s.name }));
      return { reservation, responses, history, doctors };
    },
    [calendar, forms, id],
    { reloadKey, keepWhileReloading: true },
  );
  const backTo = `/staff/calendar/${params.get('clinicId') ? `?clinicId=${encodeURIComponent(params.get('clinicId')!)}` : ''}`;

  return (
    <section>
      <PageHeader
        title={t('staffForms.pageTitle')}
        actions={
          <span data-print-hide>
            <LinkButton to={backTo} data-variant="secondary" data-size="sm">
              {t('staffForms.back')}
            </LinkButton>
          </span>
        }
      />
      {state.status === 'loading' && <Spinner label={t('staffForms.loading')} showLabel placement="block" />}
      {state.status === 'failed' && <LoadError error={state.error} onRetry={reload} />}
      {state.status === 'ready' && (
        <Stack gap={4}>
          <Text weight="bold">
            {t('staffForms.reservation', {
              name: state.data.reservation.user.name,
              date: formatAt(state.data.reservation.startsAt),
              menu: state.data.reservation.menus.map((m) => m.name).join('、'),
            })}
          </Text>
          {state.data.responses.length === 0 ? (
            <EmptyState>{t('staffForms.noResponses')}</EmptyState>
          ) : (
            <ResponseCards
              data={state.data}
              onCountersign={async (response, doctorId, mode) => {
                await forms.countersign(response.responseId, doctorId, mode);
                messages.show({ text: t('staffForms.countersign.success'), tone: 'success' });
                reload();
              }}
            />
          )}
        </Stack>
      )}
    </section>
  );
}

function ResponseCards({
  data,
  onCountersign,
}: {
  data: PageData;
  onCountersign: (response: FormResponse, doctorId: string, mode: CountersignMode) => Promise<void>;
}) {
  const t = useT();
  const ofThisVisit = new Set(data.responses.map((r) => r.responseId));
  const current = currentResponses(data.responses);
  const older = data.responses.filter((r) => !current.includes(r));
  const titleOf = (r: FormResponse) => r.title || t(`staffForms.kinds.${r.kind}`);
  return (
    <Stack gap={4}>
      {current.map((response) => (
        <Card
          key={response.responseId}
          as="article"
          title={titleOf(response)}
          data-response={response.responseId}
          data-testid="form-response"
          actions={
            <LinkButton
              to={printPath(response.responseId)}
              data-variant="secondary"
              data-size="sm"
              aria-label={`${t('staffForms.printPage')}: ${titleOf(response)}`}
            >
              {t('staffForms.printPage')}
            </LinkButton>
          }
        >
          <Stack gap={4}>
            <ResponseView response={response} previous={previousResponse(response, data.history, ofThisVisit)} />
            {response.kind === 'CONSENT' && response.status === 'SIGNED' && (
              <Countersign doctors={data.doctors} onSubmit={(doctorId, mode) => onCountersign(response, doctorId, mode)} />
            )}
          </Stack>
        </Card>
      ))}
      {older.length > 0 && (
        <details data-print-hide>
          <summary>{t('staffForms.older', { count: older.length })}</summary>
          <Stack gap={3}>
            {older.map((response) => (
              <Card key={response.responseId} as="article" title={titleOf(response)} titleSize="md" data-response={response.responseId}>
                <ResponseView response={response} />
              </Card>
            ))}
          </Stack>
        </details>
      )}
    </Stack>
  );
}

function Countersign({
  doctors,
  onSubmit,
}: {
  doctors: { id: string; label: string }[];
  onSubmit: (doctorId: string, mode: CountersignMode) => Promise<void>;
}) {
  const t = useT();
  const [doctorId, setDoctorId] = useState<string | null>(doctors.length === 1 ? doctors[0]!.id : null);
  const [mode, setMode] = useState<CountersignMode>('IN_PERSON');
  const [pending, setPending] = useState(false);
  if (doctors.length === 0) {
    return (
      <Text tone="warning" size="sm" data-print-hide>
        {t('staffForms.countersign.noDoctor')}
      </Text>
    );
  }
  return (
    <Stack gap={3} data-print-hide data-testid="countersign">
      <Text weight="bold">{t('staffForms.countersign.title')}</Text>
      <Select
        label={t('staffForms.countersign.doctor')}
        items={doctors}
        selectedKey={doctorId}
        onSelectionChange={(key) => setDoctorId(String(key))}
        isRequired
      />
      <RadioGroup
        label={t('staffForms.countersign.mode')}
        orientation="horizontal"
        value={mode}
        onChange={(value) => setMode(value as CountersignMode)}
        options={[
          { value: 'IN_PERSON', label: t('staffForms.countersign.modes.IN_PERSON') },
          { value: 'ONLINE', label: t('staffForms.countersign.modes.ONLINE') },
        ]}
      />
      <div>
        <Button
          isDisabled={!doctorId}
          isPending={pending}
          onPress={() => {
            if (!doctorId) return;
            setPending(true);
            onSubmit(doctorId, mode).finally(() => setPending(false));
          }}
        >
          {t('staffForms.countersign.submit')}
        </Button>
      </div>
    </Stack>
  );
}
