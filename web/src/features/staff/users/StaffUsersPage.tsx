import { Button, Card, Checkbox, DatePicker, EmptyState, Grid, Inline, PageHeader, Select, Spinner, Stack, Text, TextField, useMessages } from '@clinic/ui-kit';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { useHttp } from '../../../shared/api/HttpContext';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { useLoad, useReloadKey } from '../../../shared/useLoad';
import { LoadError } from '../staffs/parts';
import { useStaffSession } from '../StaffSessionContext';
import { ContractDialog, MakeFullDialog, RegistrationDialog } from './MemberDialogs';
import { MemberFormDialog } from './MemberFormDialog';
import { MemberPanel, formatDate } from './MemberPanel';
import { pageCount, usersApi, type Member, type MemberSearch, type Tag } from './users.api';

export const PAGE_SIZE = 20;

const ResultButton = styled.button`
  display: grid;
  gap: 2px;
  width: 100%;
  padding: var(--space-3);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: var(--color-surface);
  color: var(--color-text);
  font: inherit;
  text-align: left;
  cursor: pointer;

  strong {
    overflow-wrap: anywhere;
  }
  span {
    color: var(--color-muted);
    font-size: var(--font-size-sm);
    overflow-wrap: anywhere;
  }
  &:hover {
    border-color: var(--color-primary);
  }
  &[aria-current='true'] {
    border-color: var(--color-primary);
    background: var(--color-primary-soft);
  }
  &:focus-visible {
    outline: none;
    box-shadow: var(--focus-ring);
  }
`;

interface Filters {
  keyword: string;
  tagId: string;
  lastVisitFrom: string;
  lastVisitTo: string;
  allClinics: boolean;
}

const emptyFilters: Filters = { keyword: '', tagId: '', lastVisitFrom: '', lastVisitTo: '', allClinics: false };

/** The query of a search: the selected clinic unless every clinic is asked for. */
export function searchQuery(filters: Filters, clinicId: string | null, page: number): MemberSearch {
  return {
    keyword: filters.keyword.trim() || undefined,
    tagId: filters.tagId || undefined,
    lastVisitFrom: filters.lastVisitFrom || undefined,
    lastVisitTo: filters.lastVisitTo || undefined,
    clinicId: filters.allClinics ? undefined : (clinicId ?? undefined),
    page,
    pageSize: PAGE_SIZE,
  };
}

const NO_TAGS: readonly Tag[] = [];

/** /staff/users/ (会員): search, a member's panel, registration and the registration QR code. */
export function StaffUsersPage() {
  const t = useT();
  const http = useHttp();
  const messages = useMessages();
  const api = useMemo(() => usersApi(http), [http]);
  const { clinics, selectedClinic } = useStaffSession();
  const clinicId = selectedClinic?.id ?? null;
  const title = t('memberPages.staffUsers.title');
  useDocumentTitle(title);

  const [draft, setDraft] = useState<Filters>(emptyFilters);
  const [filters, setFilters] = useState<Filters>(emptyFilters);
  const [page, setPage] = useState(1);
  const [version, reload] = useReloadKey();
  const result = useLoad(() => api.search(searchQuery(filters, clinicId, page)), [api, filters, clinicId, page], { reloadKey: version });
  const tagsLoad = useLoad(() => api.tags(), [api]);
  const tags = useMemo(() => (tagsLoad.status === 'ready' ? [...tagsLoad.data].sort((a, b) => a.displayOrder - b.displayOrder) : NO_TAGS), [tagsLoad]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [panelVersion, setPanelVersion] = useState(0);
  const [form, setForm] = useState<{ member: Member | null } | null>(null);
  const [makeFull, setMakeFull] = useState<Member | null>(null);
  const [registration, setRegistration] = useState<Member | null>(null);
  const [contractFor, setContractFor] = useState<Member | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
    reload();
  }

  function select(id: string) {
    setSelectedId(id);
    requestAnimationFrame(() => {
      panelRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
      panelRef.current?.focus({ preventScroll: true });
    });
  }

  const changed = () => {
    reload();
    setPanelVersion((v) => v + 1);
  };

  const found = result.status === 'ready' ? result.data : null;
  const pages = found ? pageCount(found.total, found.pageSize) : 1;

  return (
    <section>
      <PageHeader title={title} actions={<Button onPress={() => setForm({ member: null })}>{t('memberPages.staffUsers.create')}</Button>} />
      <Grid from="lg" template="minmax(300px, 380px) minmax(0, 1fr)" gap={5} align="start">
        <Stack>
          <Card title={t('memberPages.staffUsers.searchTitle')}>
            <Stack as="form" gap={3} role="search" aria-label={t('memberPages.staffUsers.searchTitle')} onSubmit={search}>
              <TextField
                label={t('memberPages.staffUsers.keyword')}
                description={t('memberPages.staffUsers.keywordHelp')}
                value={draft.keyword}
                onChange={(keyword) => setDraft((d) => ({ ...d, keyword }))}
                maxLength={100}
              />
              <Select
                label={t('memberPages.staffUsers.tag')}
                items={[{ id: '', label: t('memberPages.staffUsers.allTags') }, ...tags.map((tag) => ({ id: tag.id, label: tag.name }))]}
                selectedKey={draft.tagId}
                onSelectionChange={(tagId) => setDraft((d) => ({ ...d, tagId }))}
              />
              <Grid minItemWidth="150px" gap={3}>
                <DatePicker
                  label={t('memberPages.staffUsers.lastVisitFrom')}
                  value={draft.lastVisitFrom || null}
                  onChange={(lastVisitFrom) => setDraft((d) => ({ ...d, lastVisitFrom }))}
                />
                <DatePicker
                  label={t('memberPages.staffUsers.lastVisitTo')}
                  value={draft.lastVisitTo || null}
                  onChange={(lastVisitTo) => setDraft((d) => ({ ...d, lastVisitTo }))}
                />
              </Grid>
              <Checkbox isSelected={draft.allClinics} onChange={(allClinics) => setDraft((d) => ({ ...d, allClinics }))}>
                {t('memberPages.staffUsers.allClinics')}
              </Checkbox>
              <Inline grow="always">
                <Button type="submit">{t('memberPages.staffUsers.search')}</Button>
                <Button
                  variant="secondary"
                  onPress={() => {
                    setDraft(emptyFilters);
                    setFilters(emptyFilters);
                    setPage(1);
                  }}
                >
                  {t('memberPages.staffUsers.clear')}
                </Button>
              </Inline>
            </Stack>
          </Card>

          <Card title={t('memberPages.staffUsers.results')}>
            {result.status === 'loading' && <Spinner label={t('memberPages.common.loading')} />}
            {result.status === 'failed' && <LoadError error={result.error} onRetry={reload} />}
            {found &&
              (found.items.length === 0 ? (
                <EmptyState>{t('memberPages.staffUsers.none')}</EmptyState>
              ) : (
                <>
                  <Text tone="muted" size="sm" role="status">
                    {t('memberPages.staffUsers.total', {
                      total: found.total,
                      from: (found.page - 1) * found.pageSize + 1,
                      to: (found.page - 1) * found.pageSize + found.items.length,
                    })}
                  </Text>
                  <Stack as="ul" gap={2} aria-label={t('memberPages.staffUsers.results')}>
                    {found.items.map((m) => (
                      <li key={m.id}>
                        <ResultButton type="button" aria-current={m.id === selectedId ? 'true' : undefined} onClick={() => select(m.id)}>
                          <strong>
                            {m.name}（{m.kana}）
                          </strong>
                          <span>
                            {m.userNumber ?? t('memberPages.staffUsers.noCard')} ・ {t(`memberPages.common.memberStatuses.${m.status}`)} ・{' '}
                            {t('app.clinicName', { name: m.clinicName })}
                          </span>
                          <span>
                            {m.phone}
                            {' ・ '}
                            {m.lastVisitAt
                              ? t('memberPages.staffUsers.lastVisit', { date: formatDate(m.lastVisitAt) })
                              : t('memberPages.staffUsers.neverVisited')}
                          </span>
                        </ResultButton>
                      </li>
                    ))}
                  </Stack>
                  <Inline as="nav" justify="between" wrap={false} aria-label={t('memberPages.staffUsers.page', { page: found.page, pages })}>
                    <Button variant="secondary" size="sm" isDisabled={found.page <= 1} onPress={() => setPage((p) => p - 1)}>
                      {t('memberPages.staffUsers.prev')}
                    </Button>
                    <Text as="span" size="sm">
                      {t('memberPages.staffUsers.page', { page: found.page, pages })}
                    </Text>
                    <Button variant="secondary" size="sm" isDisabled={found.page >= pages} onPress={() => setPage((p) => p + 1)}>
                      {t('memberPages.staffUsers.next')}
                    </Button>
                  </Inline>
                </>
              ))}
          </Card>
        </Stack>

        <Stack ref={panelRef} tabIndex={-1}>
          {selectedId ? (
            <MemberPanel
              userId={selectedId}
              api={api}
              version={panelVersion}
              actions={{
                onEdit: (member) => setForm({ member }),
                onMakeFull: setMakeFull,
                onRegistration: setRegistration,
                onAddContract: setContractFor,
                onChanged: reload,
              }}
            />
          ) : (
            <EmptyState>{t('memberPages.staffUsers.selectHint')}</EmptyState>
          )}
        </Stack>
      </Grid>

      <MemberFormDialog
        isOpen={form !== null}
        member={form?.member ?? null}
        clinics={clinics}
        defaultClinicId={clinicId ?? clinics[0]?.id ?? ''}
        onClose={() => setForm(null)}
        onCreate={async (input) => {
          const created = await api.create(input);
          messages.show({ text: t('memberPages.staffUsers.created'), tone: 'success' });
          setForm(null);
          setSelectedId(created.id);
          changed();
        }}
        onUpdate={async (member, input) => {
          await api.update(member.id, input);
          messages.show({ text: t('memberPages.staffUsers.updated'), tone: 'success' });
          setForm(null);
          changed();
        }}
      />
      <MakeFullDialog
        member={makeFull}
        onClose={() => setMakeFull(null)}
        onSave={async (member, userNumber) => {
          await api.update(member.id, { status: 'FULL', ...(userNumber ? { userNumber } : {}) });
          messages.show({ text: t('memberPages.staffUsers.madeFull'), tone: 'success' });
          setMakeFull(null);
          changed();
        }}
      />
      <RegistrationDialog member={registration} api={api} onClose={() => setRegistration(null)} />
      <ContractDialog
        member={contractFor}
        api={api}
        onClose={() => setContractFor(null)}
        onSave={async (member, body) => {
          await api.addContract(member.id, body);
          messages.show({ text: t('memberPages.staffUsers.contractAdded'), tone: 'success' });
          setContractFor(null);
          setPanelVersion((v) => v + 1);
        }}
      />
    </section>
  );
}
