import { isReportKey, REPORT_DEFINITIONS, REPORT_GROUPS, type ReportKey } from '@clinic/core/reports/catalog';
import { Card, EmptyState, Grid, GroupedSelect, Inline, PageHeader, Select, Stack, Table, Text } from '@clinic/ui-kit';
import { Component, lazy, Suspense, useCallback, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useT, type Translate } from '../../../i18n';
import { adminReports } from '../../../shared/api/endpoints';
import { useApi } from '../../../shared/api/HttpContext';
import { AnchorButton } from '../../../shared/ui/LinkButton';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { useLoad } from '../../../shared/useLoad';
import { useStaffSession } from '../../staff/StaffSessionContext';
import { ClinicRequired, LoadErrorBlock, LoadingBlock } from '../shared/admin-ui';
import { chartHeight, chartModel } from './chart-data';
import { formatCell, isEmptyReport, type ColumnKind, type ReportResult, type UnitTexts } from './report-format';
import { defaultMonth, isMonth, monthParts, reportMonths } from './report-month';
import { reportCsvUrl, reportQuery, type ReportRequest } from './reports.api';

// Chart.js is loaded with this page's first chart, never by another route (docs/decisions.md).
const ReportChart = lazy(() => import('./ReportChart'));

const ALL_CLINICS = 'all';

/** The report shown when the URL names none. */
const DEFAULT_REPORT: ReportKey = 'visit-number';

/** A chart chunk that fails to load (e.g. gone after a deploy) leaves the table usable. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

const ChartFigure = styled.figure`
  margin: 0 0 var(--space-4);
  min-width: 0;

  figcaption {
    margin-top: var(--space-2);
    font-size: var(--font-size-xs);
    color: var(--color-muted);
  }
`;

const ChartPlaceholder = styled.div`
  display: grid;
  place-items: center;
  color: var(--color-muted);
  font-size: var(--font-size-sm);
  background: var(--color-surface-alt);
  border-radius: var(--radius-md);
`;

/** Long names stay on one line: a wide table scrolls sideways in its own box (375 px). */
const NARROW = '(max-width: 767px)';

/** Whether the screen is narrower than the ui-kit's md breakpoint (the chart turns its bars). */
function useNarrow(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(NARROW);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}

export const monthLabel = (t: Translate, month: string): string => t('reports.monthLabel', monthParts(month));

export function unitTexts(t: Translate): UnitTexts {
  return {
    percent: (value) => t('reports.units.percent', { value }),
    minutes: (value) => t('reports.units.minutes', { value }),
    hours: (value) => t('reports.units.hours', { value }),
    none: t('reports.none'),
  };
}

/**
 * /admin/clinic/reports/: one of the 25 monthly reports for a clinic (or, for a head-office
 * ADMIN, the whole chain) as a chart and a table, with its CSV. The report and the month are in the URL
 * (`type`, `month`); the clinic is the header's selection (`clinicId`), or `clinicId=all`.
 * The reports' keys, titles, descriptions and groups are the core's catalogue, imported as it is
 * (`@clinic/core/reports/catalog`, docs/decisions.md): the web keeps no copy of them.
 */
export function ReportsPage() {
  const t = useT();
  const title = t('reports.title');
  useDocumentTitle(title);
  const { profile, clinics, selectedClinic, selectClinic } = useStaffSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const now = useMemo(() => new Date(), []);

  const typeParam = searchParams.get('type');
  const type: ReportKey = isReportKey(typeParam) ? typeParam : DEFAULT_REPORT;
  const monthParam = searchParams.get('month');
  const month = isMonth(monthParam) ? monthParam : defaultMonth(now);

  // As the API decides: staff of a clinic (STAFF or ADMIN) read that clinic's reports; head-office
  // staff any clinic's, and a head-office ADMIN also the whole chain's (全クリニック).
  const ownClinic = clinics.find((c) => c.id === profile.clinicId) ?? null;
  const restrictedToOwn = ownClinic !== null;
  const offerAll = profile.role === 'ADMIN' && profile.clinicId === null;
  const clinic = restrictedToOwn ? ownClinic : selectedClinic;
  // 全クリニック is `clinicId=all` in the URL: the header ignores an id that names no clinic.
  const showAll = offerAll && searchParams.get('clinicId') === ALL_CLINICS;

  const setParam = useCallback(
    (name: 'type' | 'month' | 'clinicId', value: string) =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const groups = useMemo(
    () =>
      REPORT_GROUPS.map((group) => ({
        id: group.id,
        label: t(`reports.groups.${group.id}`),
        items: group.keys.map((key) => ({
          id: key,
          label: REPORT_DEFINITIONS[key].title,
          description: REPORT_DEFINITIONS[key].description,
        })),
      })),
    [t],
  );
  const monthItems = useMemo(() => reportMonths(now).map((m) => ({ id: m, label: monthLabel(t, m) })), [now, t]);
  const clinicItems = useMemo(() => {
    const named = (restrictedToOwn && ownClinic ? [ownClinic] : clinics).map((c) => ({
      id: c.id,
      label: t('app.clinicName', { name: c.name }),
    }));
    return offerAll ? [{ id: ALL_CLINICS, label: t('reports.allClinics') }, ...named] : named;
  }, [clinics, offerAll, ownClinic, restrictedToOwn, t]);

  const onClinicChange = (id: string) => {
    if (id === ALL_CLINICS) setParam('clinicId', ALL_CLINICS);
    else if (!restrictedToOwn) selectClinic(id);
  };

  const request: ReportRequest | null = showAll ? { type, month, clinicId: null } : clinic ? { type, month, clinicId: clinic.id } : null;
  const scopeLabel = showAll ? t('reports.allClinics') : clinic ? t('app.clinicName', { name: clinic.name }) : '';

  return (
    <section>
      <PageHeader title={title} description={t('reports.description')} />
      <Stack gap={5}>
        <Card title={t('reports.pickers')}>
          <Grid template="minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)" align="start">
            <GroupedSelect
              label={t('reports.report')}
              groups={groups}
              selectedKey={type}
              onSelectionChange={(id) => isReportKey(id) && setParam('type', id)}
              description={REPORT_DEFINITIONS[type].description}
            />
            <Select label={t('reports.month')} items={monthItems} selectedKey={month} onSelectionChange={(id) => setParam('month', id)} />
            <Select
              label={t('reports.clinic')}
              items={clinicItems}
              selectedKey={showAll ? ALL_CLINICS : (clinic?.id ?? null)}
              onSelectionChange={onClinicChange}
              description={restrictedToOwn ? t('reports.clinicOnlyOwn') : undefined}
            />
          </Grid>
        </Card>
        {request ? <ReportView request={request} scopeLabel={scopeLabel} /> : <ClinicRequired />}
      </Stack>
    </section>
  );
}

function ReportView({ request, scopeLabel }: { request: ReportRequest; scopeLabel: string }) {
  const t = useT();
  const api = useApi({ adminReports });
  const [version, setVersion] = useState(0);
  const { type, month, clinicId } = request;
  const state = useLoad(() => api.adminReports.report({ query: reportQuery({ type, month, clinicId }) }), [api, type, month, clinicId], {
    reloadKey: version,
  });
  const reportTitle = REPORT_DEFINITIONS[type].title;
  const heading = t('reports.heading', { report: reportTitle, month: monthLabel(t, month), clinic: scopeLabel });

  if (state.status === 'loading') return <LoadingBlock />;
  if (state.status === 'failed') return <LoadErrorBlock error={state.error} onRetry={() => setVersion((v) => v + 1)} />;

  const report = state.data;
  return (
    <Card title={heading}>
      <Inline justify="end" style={{ marginBottom: 'var(--space-3)' }}>
        <AnchorButton
          data-size="sm"
          data-variant="secondary"
          href={reportCsvUrl(request)}
          download
          aria-label={t('reports.downloadCsvLabel', { report: reportTitle, month: monthLabel(t, month), clinic: scopeLabel })}
        >
          {t('reports.downloadCsv')}
        </AnchorButton>
      </Inline>
      {isEmptyReport(report) ? <EmptyState variant="filled">{t('reports.empty')}</EmptyState> : <ReportBody report={report} reportTitle={reportTitle} />}
    </Card>
  );
}

function ReportBody({ report, reportTitle }: { report: ReportResult; reportTitle: string }) {
  const t = useT();
  const units = useMemo(() => unitTexts(t), [t]);
  const narrow = useNarrow();
  const model = useMemo(() => chartModel(report, units, narrow), [report, units, narrow]);
  const rows = useMemo(() => report.rows.map((cells, index) => ({ id: String(index), cells })), [report]);
  const kind: ColumnKind = model?.kind ?? 'number';
  const format = useCallback((value: number | null) => (value === null ? units.none : formatCell(value, kind, units)), [kind, units]);
  const seriesNames = model?.series.map((s) => s.label).join('、') ?? '';
  const height = model ? chartHeight(model) : 0;

  return (
    <>
      {model ? (
        <ChartFigure>
          <ChartBoundary
            fallback={
              <Text tone="muted" size="sm" role="status">
                {t('reports.chart.failed')}
              </Text>
            }
          >
            <Suspense
              fallback={
                <ChartPlaceholder style={{ height }} role="status">
                  {t('reports.chart.loading')}
                </ChartPlaceholder>
              }
            >
              <ReportChart model={model} height={height} format={format} label={t('reports.chart.label', { report: reportTitle, series: seriesNames })} />
            </Suspense>
          </ChartBoundary>
          <figcaption>{t('reports.chart.caption', { series: seriesNames })}</figcaption>
        </ChartFigure>
      ) : (
        <Text tone="muted" size="sm">
          {t('reports.chart.noSeries')}
        </Text>
      )}
      <Table<{ id: string; cells: ReportResult['rows'][number] }>
        aria-label={t('reports.table.label', { report: reportTitle })}
        columns={report.columns.map((c, i) => ({ key: c.key, label: c.label, align: i > 0 && c.kind !== 'text' ? 'end' : 'start' }))}
        rows={rows}
        rowKey={(row) => row.id}
        renderCell={(row, key) => {
          const column = report.columns.find((c) => c.key === key);
          return formatCell(row.cells[key], column?.kind ?? 'text', units);
        }}
        emptyText={t('reports.empty')}
        noWrap
      />
    </>
  );
}
