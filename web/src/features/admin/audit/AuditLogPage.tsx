import { Badge, Button, Card, DatePicker, EmptyState, Grid, Inline, PageHeader, Select, Stack, Table, Text, TextField, type BadgeTone } from '@clinic/ui-kit';
import { Fragment, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { ACCESS_RESOURCES } from '@clinic/contract/rules';
import { useT, type MessageKey, type Translate } from '../../../i18n';
import { adminAudit } from '../../../shared/api/endpoints';
import { useApi } from '../../../shared/api/HttpContext';
import { AnchorButton } from '../../../shared/ui/LinkButton';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { useLoad } from '../../../shared/useLoad';
import { useStaffSession } from '../../staff/StaffSessionContext';
import { LoadErrorBlock, LoadingBlock } from '../shared/admin-ui';
import {
  AUDIT_ACTIONS,
  AUDIT_OUTCOMES,
  FILTER_KEYS,
  auditCsvUrl,
  auditQuery,
  filtersFromParams,
  formatAt,
  type AccessPage,
  type AccessRecord,
  type AuditFilters,
  type MemberLabel,
} from './audit.api';

const Cell = styled.div`
  display: grid;
  gap: 2px;
  min-width: 7.5rem;
  font-size: var(--font-size-sm);
  line-height: 1.5;

  small {
    color: var(--color-muted);
    font-size: var(--font-size-xs);
    word-break: break-all;
  }
`;

/** Phones: one card per record (the six columns do not fit 375 px); the table from 768 px. */
const PhoneList = styled.ul`
  display: grid;
  gap: var(--space-3);
  margin: 0;
  padding: 0;
  list-style: none;

  @media (min-width: 768px) {
    display: none;
  }
`;

const PhoneRecord = styled.li`
  padding: var(--space-3);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: var(--color-surface);

  dl {
    display: grid;
    grid-template-columns: 5.5rem minmax(0, 1fr);
    gap: var(--space-2) var(--space-3);
    margin: 0;
  }
  dt {
    color: var(--color-muted);
    font-size: var(--font-size-xs);
    padding-top: 2px;
  }
  dd {
    margin: 0;
    min-width: 0;
  }
  dd > div {
    min-width: 0;
  }
`;

const WideTable = styled.div`
  display: none;

  @media (min-width: 768px) {
    display: block;
  }
`;

/** A refusal or a failure in the danger colour, a success in green, anything else grey. */
const outcomeTone = (outcome: string): BadgeTone => (outcome === 'ok' ? 'success' : ['refused', 'failed', 'error'].includes(outcome) ? 'danger' : 'neutral');

const COLUMNS = ['at', 'staff', 'action', 'members', 'outcome', 'origin'] as const;
type Column = (typeof COLUMNS)[number];

const label = (t: Translate, group: 'actions' | 'outcomes' | 'resources' | 'roles', key: string): string => {
  const known: Record<string, readonly string[]> = {
    actions: AUDIT_ACTIONS,
    outcomes: AUDIT_OUTCOMES,
    resources: ACCESS_RESOURCES,
    roles: ['ADMIN', 'STAFF'],
  };
  return known[group]!.includes(key) ? t(`audit.${group}.${key}` as MessageKey) : key;
};

/**
 * /admin/settings/audit/ (ADMIN): the staff access audit. Filters live in the URL, so a search
 * can be bookmarked or shared; older records are added below with the cursor of the last page.
 */
export function AuditLogPage() {
  const t = useT();
  const title = t('audit.title');
  useDocumentTitle(title);
  const { profile } = useStaffSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(searchParams), [searchParams]);

  const submit = (next: AuditFilters) => {
    const params = new URLSearchParams();
    for (const key of FILTER_KEYS) if (next[key]) params.set(key, next[key]);
    setSearchParams(params, { replace: true });
  };

  return (
    <section>
      <PageHeader title={title} description={t('audit.description')} />
      <Stack gap={5}>
        {profile.clinicId !== null && (
          <Text tone="muted" size="sm">
            {t('audit.scopeClinic')}
          </Text>
        )}
        <Card title={t('audit.filters.title')}>
          <FilterForm key={searchParams.toString()} initial={filters} onSubmit={submit} />
        </Card>
        <Results key={searchParams.toString()} filters={filters} />
      </Stack>
    </section>
  );
}

function FilterForm({ initial, onSubmit }: { initial: AuditFilters; onSubmit: (filters: AuditFilters) => void }) {
  const t = useT();
  const [draft, setDraft] = useState<AuditFilters>(initial);
  const set = (key: keyof AuditFilters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const actionItems = useMemo(
    () => [{ id: 'any', label: t('audit.filters.all') }, ...AUDIT_ACTIONS.map((a) => ({ id: a, label: label(t, 'actions', a) }))],
    [t],
  );
  const outcomeItems = useMemo(
    () => [{ id: 'any', label: t('audit.filters.all') }, ...AUDIT_OUTCOMES.map((o) => ({ id: o, label: label(t, 'outcomes', o) }))],
    [t],
  );
  const handle = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(draft);
  };
  return (
    <Grid as="form" columns={3} align="start" onSubmit={handle} aria-label={t('audit.filters.title')}>
      <TextField
        label={t('audit.filters.staffLogin')}
        name="staffLogin"
        value={draft.staffLogin}
        onChange={set('staffLogin')}
        placeholder={t('audit.filters.staffLoginHint')}
        maxLength={300}
      />
      <TextField
        label={t('audit.filters.memberNumber')}
        name="memberNumber"
        value={draft.memberNumber}
        onChange={set('memberNumber')}
        placeholder={t('audit.filters.memberNumberHint')}
        inputMode="text"
        maxLength={20}
      />
      <Select
        label={t('audit.filters.action')}
        items={actionItems}
        selectedKey={draft.action || 'any'}
        onSelectionChange={(id) => set('action')(id === 'any' ? '' : id)}
      />
      <Select
        label={t('audit.filters.outcome')}
        items={outcomeItems}
        selectedKey={draft.outcome || 'any'}
        onSelectionChange={(id) => set('outcome')(id === 'any' ? '' : id)}
      />
      <DatePicker label={t('audit.filters.from')} value={draft.from || null} onChange={set('from')} name="from" />
      <DatePicker label={t('audit.filters.to')} value={draft.to || null} onChange={set('to')} name="to" />
      <Inline grow="phone" data-wide>
        <Button type="submit">{t('audit.filters.search')}</Button>
        <Button variant="secondary" onPress={() => onSubmit({ staffLogin: '', memberNumber: '', action: '', outcome: '', from: '', to: '' })}>
          {t('audit.filters.clear')}
        </Button>
        <AnchorButton data-size="sm" data-variant="secondary" href={auditCsvUrl(initial)} download aria-label={t('audit.filters.downloadCsvLabel')}>
          {t('audit.filters.downloadCsv')}
        </AnchorButton>
      </Inline>
    </Grid>
  );
}

function Results({ filters }: { filters: AuditFilters }) {
  const t = useT();
  const api = useApi({ adminAudit });
  const [version, setVersion] = useState(0);
  const first = useLoad(() => api.adminAudit.list({ query: auditQuery(filters) }), [api, filters], { reloadKey: version });
  const [older, setOlder] = useState<AccessPage[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);

  if (first.status === 'loading') return <LoadingBlock />;
  if (first.status === 'failed') return <LoadErrorBlock error={first.error} onRetry={() => setVersion((v) => v + 1)} />;

  const pages = [first.data, ...older];
  const items = pages.flatMap((p) => p.items);
  const members = new Map<string, MemberLabel>(pages.flatMap((p) => p.members.map((m) => [m.id, m] as const)));
  const cursor = pages[pages.length - 1]!.nextCursor;

  const loadMore = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const page = await api.adminAudit.list({ query: auditQuery(filters, cursor) });
      setOlder((o) => [...o, page]);
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <Card title={t('audit.results.title')}>
      {items.length === 0 ? (
        <EmptyState variant="filled">{t('audit.results.empty')}</EmptyState>
      ) : (
        <>
          <Text tone="muted" size="sm" role="status">
            {t('audit.results.count', { count: items.length })}
          </Text>
          <WideTable>
            <Table<AccessRecord, Column>
              aria-label={t('audit.results.title')}
              columns={COLUMNS.map((key) => ({ key, label: t(`audit.columns.${key}`) }))}
              rows={items}
              rowKey={(r) => r.id}
              renderCell={(r, key) => <RecordCell record={r} column={key} members={members} />}
            />
          </WideTable>
          <PhoneList aria-label={t('audit.results.title')}>
            {items.map((r) => (
              <PhoneRecord key={r.id}>
                <dl>
                  {COLUMNS.map((key) => (
                    <Fragment key={key}>
                      <dt>{t(`audit.columns.${key}`)}</dt>
                      <dd>
                        <RecordCell record={r} column={key} members={members} />
                      </dd>
                    </Fragment>
                  ))}
                </dl>
              </PhoneRecord>
            ))}
          </PhoneList>
          <Stack gap={2} align="center" style={{ marginTop: 'var(--space-4)' }}>
            {cursor ? (
              <Button variant="secondary" onPress={() => void loadMore()} isPending={loadingMore} pendingLabel={t('audit.results.loadingMore')}>
                {t('audit.results.more')}
              </Button>
            ) : (
              <Text tone="muted" size="sm">
                {t('audit.results.end')}
              </Text>
            )}
          </Stack>
        </>
      )}
    </Card>
  );
}

function RecordCell({ record: r, column, members }: { record: AccessRecord; column: string; members: Map<string, MemberLabel> }) {
  const t = useT();
  switch (column) {
    case 'at':
      return <Cell>{formatAt(r.at)}</Cell>;
    case 'staff': {
      if (r.actor.type === 'staff') {
        return (
          <Cell>
            <span>{r.actor.name ?? t('audit.unknownStaff', { id: r.actor.id ?? '' })}</span>
            <small>{[r.actor.login, r.actor.role ? label(t, 'roles', r.actor.role) : null].filter(Boolean).join('・')}</small>
          </Cell>
        );
      }
      if (r.actor.type === 'user') return <Cell>{t('audit.memberSession', { id: r.actor.id ?? '' })}</Cell>;
      return (
        <Cell>
          <span>{t('audit.anonymous')}</span>
          {r.actor.login && <small>{t('audit.typedLogin', { login: r.actor.login })}</small>}
        </Cell>
      );
    }
    case 'action':
      return (
        <Cell>
          <span>
            {label(t, 'resources', r.resource)}・{label(t, 'actions', r.action)}
          </span>
          <small>{[r.method, r.path].filter(Boolean).join(' ')}</small>
        </Cell>
      );
    case 'members': {
      const shown = r.memberIds.slice(0, 3).map((id) => {
        const m = members.get(id);
        return m ? `${m.userNumber ?? id} ${m.name}` : t('audit.memberUnknown', { id });
      });
      const rest = r.memberIds.length - shown.length;
      const listed = (r.detail as { returned?: number } | null)?.returned;
      return (
        <Cell>
          {shown.map((text) => (
            <span key={text}>{text}</span>
          ))}
          {rest > 0 && <small>{t('audit.membersMore', { count: rest })}</small>}
          {typeof listed === 'number' && <small>{t('audit.listed', { count: listed })}</small>}
        </Cell>
      );
    }
    case 'outcome':
      return (
        <Cell>
          <Badge variant="outline" tone={outcomeTone(r.outcome)} data-outcome={r.outcome}>
            {label(t, 'outcomes', r.outcome)}
          </Badge>
          {r.status !== null && <small>{r.status}</small>}
        </Cell>
      );
    default:
      return (
        <Cell>
          <span>{r.ip ?? ''}</span>
          {r.userAgent && <small title={r.userAgent}>{r.userAgent.length > 60 ? `${r.userAgent.slice(0, 60)}…` : r.userAgent}</small>}
        </Cell>
      );
  }
}
