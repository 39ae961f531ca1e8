import { Button, Card, ConfirmDialog, EmptyState, FactList, Grid, Inline, PageHeader, Stack, Tabs, Text, useMessages } from '@clinic/ui-kit';
import { useMemo, useState } from 'react';
import { useT } from '../../../i18n';
import { useHttp } from '../../../shared/api/HttpContext';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { useEditableLoad } from '../../../shared/useEditableLoad';
import { useReloadKey } from '../../../shared/useLoad';
import { useStaffSession } from '../StaffSessionContext';
import { BlocksPanel } from './BlocksPanel';
import { InvitationDialog } from './InvitationDialog';
import { LoadError } from './parts';
import { moveTo } from './reorder';
import { SchedulesPanel } from './SchedulesPanel';
import { StaffFormDialog } from './StaffFormDialog';
import { StaffList } from './StaffList';
import { StaffMenusPanel } from './StaffMenusPanel';
import { staffsApi, type InvitationLink, type Staff, type StaffInput } from './staffs.api';

/** /staff/staffs/: the selected clinic's staff, their menus, working days and blocks. */
export function StaffsPage() {
  const t = useT();
  const http = useHttp();
  const api = useMemo(() => staffsApi(http), [http]);
  const messages = useMessages();
  const { profile, clinics, selectedClinic } = useStaffSession();
  // Only the head office grants the ADMIN role or touches ADMIN accounts; a clinic's ADMIN resets the
  // two-factor login of its own clinic's STAFF only (docs/decisions.md; the server decides).
  const headOfficeAdmin = profile.role === 'ADMIN' && profile.clinicId === null;
  const mayResetTwoFactor = (target: { role: string; clinicId: string | null }) =>
    profile.role === 'ADMIN' && (headOfficeAdmin || (target.role !== 'ADMIN' && target.clinicId === profile.clinicId));
  const title = t('staffsPage.title');
  useDocumentTitle(title);

  const clinicId = selectedClinic?.id ?? null;
  const [version, reload] = useReloadKey();
  // Without a clinic the page says so below and loads nothing (the state stays 'loading').
  const [state, updateStaffs] = useEditableLoad(() => (clinicId ? api.list(clinicId) : new Promise<Staff[]>(() => undefined)), [api, clinicId], {
    reloadKey: version,
  });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [tab, setTab] = useState('profile');
  const [form, setForm] = useState<{ staff: Staff | null } | null>(null);
  const [invitation, setInvitation] = useState<InvitationLink | null>(null);
  const [deleting, setDeleting] = useState<Staff | null>(null);
  const [resetting, setResetting] = useState<Staff | null>(null);
  const [busy, setBusy] = useState(false);

  const staffs = state.status === 'ready' ? state.data : [];
  const selected = staffs.find((s) => s.id === selectedId) ?? staffs[0] ?? null;
  const replaceStaff = (staff: Staff) => updateStaffs((list) => list.map((x) => (x.id === staff.id ? staff : x)));

  async function move(id: string, index: number) {
    if (state.status !== 'ready' || busy) return;
    const before = state.data;
    updateStaffs(() => moveTo(before, id, index));
    setBusy(true);
    try {
      const renumbered = await api.setPriority(id, index);
      updateStaffs(() => [...renumbered].sort((a, b) => a.priority - b.priority));
      messages.show({ text: t('staffsPage.list.reordered'), tone: 'success' });
    } catch {
      updateStaffs(() => before);
    } finally {
      setBusy(false);
    }
  }

  async function save(input: StaffInput) {
    const editing = form?.staff ?? null;
    if (editing) {
      await api.update(editing.id, input);
      messages.show({ text: t('staffsPage.messages.updated'), tone: 'success' });
    } else {
      const created = await api.create(input);
      messages.show({ text: t('staffsPage.messages.created'), tone: 'success' });
      setSelectedId(created.id);
      setTab('profile');
      if (created.invitationUrl) setInvitation({ invitationUrl: created.invitationUrl, expiresAt: created.invitationExpiresAt });
    }
    setForm(null);
    reload();
  }

  async function remove(staff: Staff) {
    setBusy(true);
    try {
      await api.remove(staff.id);
      messages.show({ text: t('staffsPage.messages.deleted'), tone: 'success' });
      setSelectedId(null);
      reload();
    } catch {
      // The HTTP client shows IN_USE and the rest.
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  async function resetTwoFactor(staff: Staff) {
    setBusy(true);
    try {
      await api.resetTwoFactor(staff.id);
      messages.show({ text: t('staffsPage.messages.twoFactorReset', { name: staff.name }), tone: 'success' });
    } catch {
      // Shown by the HTTP client.
    } finally {
      setBusy(false);
      setResetting(null);
    }
  }

  async function invite(staff: Staff) {
    setBusy(true);
    try {
      const answer = await api.invite(staff.id);
      messages.show({ text: t('staffsPage.messages.invitationSent'), tone: 'success' });
      setInvitation(answer);
    } catch {
      // Shown by the HTTP client.
    } finally {
      setBusy(false);
    }
  }

  const clinicName = (id: string | null) => {
    if (id === null) return t('staffsPage.headOffice');
    const clinic = clinics.find((c) => c.id === id);
    return clinic ? t('app.clinicName', { name: clinic.name }) : id;
  };

  const header = (
    <PageHeader
      title={title}
      description={t('staffsPage.description')}
      actions={
        clinicId && (
          <Button onPress={() => setForm({ staff: null })} isDisabled={state.status !== 'ready'}>
            {t('staffsPage.add')}
          </Button>
        )
      }
    />
  );

  if (!clinicId) {
    return (
      <section>
        {header}
        <EmptyState>{t('staffsPage.noClinic')}</EmptyState>
      </section>
    );
  }

  const detailClinicId = selected?.clinicId ?? clinicId;
  return (
    <section>
      {header}
      {state.status === 'loading' && (
        <Text tone="muted" size="sm" role="status">
          {t('app.loading')}
        </Text>
      )}
      {state.status === 'failed' && <LoadError error={state.error} onRetry={reload} />}
      {state.status === 'ready' && (
        <Grid from="lg" template="minmax(260px, 320px) minmax(0, 1fr)" gap={5} align="start">
          <Card title={t('staffsPage.list.heading')}>
            {staffs.length === 0 ? (
              <EmptyState>{t('staffsPage.list.empty')}</EmptyState>
            ) : (
              <>
                <Text tone="muted" size="sm">
                  {t('staffsPage.list.hint')}
                </Text>
                <StaffList
                  staffs={staffs}
                  selectedId={selected?.id ?? null}
                  onSelect={setSelectedId}
                  onMove={(id, index) => void move(id, index)}
                  isDisabled={busy}
                />
              </>
            )}
          </Card>
          {selected ? (
            <Card title={selected.name}>
              <Tabs
                aria-label={t('staffsPage.tabs.label', { name: selected.name })}
                selectedKey={tab}
                onSelectionChange={setTab}
                items={[
                  {
                    id: 'profile',
                    label: t('staffsPage.tabs.profile'),
                    content: (
                      <Stack gap={4}>
                        <FactList>
                          <dt>{t('staffsPage.profile.employeeNumber')}</dt>
                          <dd>{selected.employeeNumber}</dd>
                          <dt>{t('staffsPage.profile.email')}</dt>
                          <dd>{selected.email}</dd>
                          <dt>{t('staffsPage.profile.role')}</dt>
                          <dd>{t(`staffsPage.roles.${selected.role}`)}</dd>
                          <dt>{t('staffsPage.profile.clinic')}</dt>
                          <dd>{clinicName(selected.clinicId)}</dd>
                          <dt>{t('staffsPage.profile.password')}</dt>
                          <dd>{selected.hasPassword ? t('staffsPage.profile.passwordSet') : t('staffsPage.profile.passwordUnset')}</dd>
                        </FactList>
                        <Inline justify="end">
                          <Button variant="secondary" onPress={() => void invite(selected)} isDisabled={busy}>
                            {t('staffsPage.profile.resendInvitation')}
                          </Button>
                          <Button variant="secondary" onPress={() => setForm({ staff: selected })}>
                            {t('staffsPage.edit')}
                          </Button>
                          {mayResetTwoFactor(selected) && (
                            <Button variant="secondary" onPress={() => setResetting(selected)} isDisabled={busy}>
                              {t('staffsPage.profile.resetTwoFactor')}
                            </Button>
                          )}
                          <Button variant="danger" onPress={() => setDeleting(selected)}>
                            {t('staffsPage.delete')}
                          </Button>
                        </Inline>
                      </Stack>
                    ),
                  },
                  {
                    id: 'menus',
                    label: t('staffsPage.tabs.menus'),
                    content: <StaffMenusPanel staff={selected} clinicId={detailClinicId} api={api} onSaved={replaceStaff} />,
                  },
                  {
                    id: 'schedules',
                    label: t('staffsPage.tabs.schedules'),
                    content: <SchedulesPanel key={selected.id} staff={selected} clinicId={detailClinicId} api={api} />,
                  },
                  {
                    id: 'blocks',
                    label: t('staffsPage.tabs.blocks'),
                    content: <BlocksPanel key={selected.id} staff={selected} clinicId={detailClinicId} api={api} />,
                  },
                ]}
              />
            </Card>
          ) : (
            staffs.length > 0 && (
              <Text tone="muted" size="sm">
                {t('staffsPage.selectHint')}
              </Text>
            )
          )}
        </Grid>
      )}
      <StaffFormDialog
        isOpen={form !== null}
        staff={form?.staff ?? null}
        defaultClinicId={clinicId}
        clinics={clinics}
        viewerRole={headOfficeAdmin ? 'ADMIN' : 'STAFF'}
        onClose={() => setForm(null)}
        onSubmit={save}
      />
      <InvitationDialog invitation={invitation} onClose={() => setInvitation(null)} />
      <ConfirmDialog
        isOpen={deleting !== null}
        tone="danger"
        isPending={busy}
        message={deleting ? t('staffsPage.profile.deleteConfirm', { name: deleting.name }) : ''}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        isOpen={resetting !== null}
        title={t('staffsPage.profile.resetTwoFactor')}
        isPending={busy}
        message={resetting ? t('staffsPage.profile.resetTwoFactorConfirm', { name: resetting.name }) : ''}
        onConfirm={() => resetting && void resetTwoFactor(resetting)}
        onCancel={() => setResetting(null)}
      />
    </section>
  );
}
