import type { MessageKind } from '@clinic/contract';
import { Card, PageHeader, Select, Stack, Table, Text } from '@clinic/ui-kit';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../../../i18n';
import { lineUsage } from '../../../shared/api/endpoints';
import { useApi } from '../../../shared/api/HttpContext';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { useLoad } from '../../../shared/useLoad';
import { useStaffSession } from '../../staff/StaffSessionContext';
import { currentMonth, isMonth, reportMonths } from '../reports/report-month';
import { monthLabel } from '../reports/ReportsPage';
import { LoadErrorBlock, LoadingBlock } from '../shared/admin-ui';

const KINDS: readonly MessageKind[] = ['CONFIRMATION', 'CHANGE', 'CANCELLATION', 'REMINDER', 'WAITLIST_OFFER'];
type Column = 'clinic' | MessageKind | 'welcomes' | 'sent';

/**
 * /admin/settings/line/ (ADMIN): the LINE messages sent in a month, per clinic and kind, counted
 * from the message log (LINE bills the official account per message). The month is in the URL
 * (`month`, this month by default). The API decides the scope: a clinic's ADMIN gets that clinic
 * only, the head office every clinic.
 */
export function LineUsagePage() {
  const t = useT();
  const title = t('lineUsage.title');
  useDocumentTitle(title);
  const { profile } = useStaffSession();
  const api = useApi({ lineUsage }).lineUsage;
  const [searchParams, setSearchParams] = useSearchParams();
  const now = useMemo(() => new Date(), []);
  const monthParam = searchParams.get('month');
  const month = isMonth(monthParam) ? monthParam : currentMonth(now);
  const months = useMemo(() => reportMonths(now).map((m) => ({ id: m, label: monthLabel(t, m) })), [now, t]);
  const [version, setVersion] = useState(0);
  const usage = useLoad(() => api.monthly({ query: { month } }), [api, month], { reloadKey: version });
  const count = (value: number) => t('lineUsage.count', { count: value.toLocaleString('ja-JP') });

  const columns = [
    { key: 'clinic' as const, label: t('lineUsage.clinic') },
    ...KINDS.map((kind) => ({ key: kind, label: t(`lineUsage.kinds.${kind}`), align: 'end' as const })),
    { key: 'welcomes' as const, label: t('lineUsage.welcomes'), align: 'end' as const },
    { key: 'sent' as const, label: t('lineUsage.sent'), align: 'end' as const },
  ];

  return (
    <section>
      <PageHeader title={title} description={t('lineUsage.description')} />
      <Stack gap={5}>
        <Card>
          <Stack gap={3}>
            <Select
              label={t('lineUsage.month')}
              items={months}
              selectedKey={month}
              onSelectionChange={(id) => setSearchParams({ month: id }, { replace: true })}
              description={profile.clinicId !== null ? t('lineUsage.scopeClinic') : undefined}
            />
          </Stack>
        </Card>
        {usage.status === 'loading' && <LoadingBlock />}
        {usage.status === 'failed' && <LoadErrorBlock error={usage.error} onRetry={() => setVersion((v) => v + 1)} />}
        {usage.status === 'ready' && (
          <Card title={t('lineUsage.heading', { month: monthLabel(t, usage.data.month) })}>
            <Stack gap={3}>
              <Text weight="bold" data-testid="line-usage-total">
                {t('lineUsage.total', { count: usage.data.total.toLocaleString('ja-JP') })}
              </Text>
              <Table<(typeof usage.data.clinics)[number], Column>
                aria-label={t('lineUsage.heading', { month: monthLabel(t, usage.data.month) })}
                emptyText={t('lineUsage.empty')}
                columns={columns}
                rows={usage.data.clinics}
                rowKey={(clinic) => clinic.clinicId}
                noWrap
                renderCell={(clinic, key) => {
                  if (key === 'clinic') return t('app.clinicName', { name: clinic.clinicName });
                  if (key === 'sent') return <strong>{count(clinic.sent)}</strong>;
                  if (key === 'welcomes') return count(clinic.welcomes);
                  return count(clinic.byKind[key]);
                }}
              />
            </Stack>
          </Card>
        )}
      </Stack>
    </section>
  );
}
