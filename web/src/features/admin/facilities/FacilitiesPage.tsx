import { Badge, Button, Card, Checkbox, ConfirmDialog, FieldRow, Inline, PageHeader, Stack, Table, Tabs, TextField } from '@clinic/ui-kit';
import { useState, type FormEvent } from 'react';
import { useT } from '../../../i18n';
import { adminMachines, adminRooms } from '../../../shared/api/endpoints';
import { useApi } from '../../../shared/api/HttpContext';
import { HttpError } from '../../../shared/api/http';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { useLoad } from '../../../shared/useLoad';
import { useStaffSession } from '../../staff/StaffSessionContext';
import { ClinicRequired, FormAlert, LoadErrorBlock, LoadingBlock, useSuccess, FormDialog } from '../shared/admin-ui';
import { serverFieldErrors, type FieldErrors } from '../shared/form-errors';
import { parseWholeNumber } from '../shared/time';
import type { Facility, FacilityKind } from '../shared/types';

const EXISTS_CODE: Record<FacilityKind, string> = { rooms: 'ROOM_EXISTS', machines: 'MACHINE_EXISTS' };

/** /admin/clinic/facilities/: the rooms and machines of the clinic selected in the header. */
export function FacilitiesPage() {
  const t = useT();
  const title = t('pages.admin.facilities.title');
  useDocumentTitle(title);
  const { selectedClinic } = useStaffSession();
  return (
    <section>
      <PageHeader title={title} description={selectedClinic ? t('adminSetup.common.forClinic', { name: selectedClinic.name }) : undefined} />
      {selectedClinic ? (
        <Tabs
          aria-label={t('adminSetup.facilities.tabsLabel')}
          items={[
            { id: 'rooms', label: t('adminSetup.facilities.rooms.tab'), content: <FacilityPanel kind="rooms" clinicId={selectedClinic.id} /> },
            {
              id: 'machines',
              label: t('adminSetup.facilities.machines.tab'),
              content: <FacilityPanel kind="machines" clinicId={selectedClinic.id} />,
            },
          ]}
        />
      ) : (
        <ClinicRequired />
      )}
    </section>
  );
}

function FacilityPanel({ kind, clinicId }: { kind: FacilityKind; clinicId: string }) {
  const t = useT();
  const facilities = useFacilities(kind);
  const success = useSuccess();
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const state = useLoad(() => facilities.list({ query: { clinicId } }), [facilities, clinicId], { reloadKey: version });
  const [editing, setEditing] = useState<Facility | null>(null);
  const [deleting, setDeleting] = useState<Facility | null>(null);
  const [pending, setPending] = useState(false);
  const entity = t(`adminSetup.facilities.${kind}.entity`);

  async function toggle(item: Facility) {
    try {
      await facilities.update({ params: { id: item.id }, body: { name: item.name, displayOrder: item.displayOrder, enabled: !item.enabled } });
      success(t('adminSetup.common.updated', { entity }));
      reload();
    } catch {
      // The HTTP client has shown why.
    }
  }

  async function remove(item: Facility) {
    setPending(true);
    try {
      await facilities.remove({ params: { id: item.id } });
      success(t('adminSetup.common.deleted', { entity }));
      reload();
    } catch {
      // IN_USE and the others: the HTTP client shows the server's message.
    } finally {
      setPending(false);
      setDeleting(null);
    }
  }

  return (
    <Stack gap={5}>
      <Card title={t(`adminSetup.facilities.${kind}.addTitle`)}>
        <AddFacilityForm kind={kind} clinicId={clinicId} onAdded={reload} />
      </Card>
      <Card title={t(`adminSetup.facilities.${kind}.listTitle`)}>
        {state.status === 'loading' && <LoadingBlock />}
        {state.status === 'failed' && <LoadErrorBlock error={state.error} onRetry={reload} />}
        {state.status === 'ready' && (
          <Table<Facility, 'name' | 'displayOrder' | 'enabled' | 'actions'>
            aria-label={t(`adminSetup.facilities.${kind}.listTitle`)}
            emptyText={t(`adminSetup.facilities.${kind}.empty`)}
            columns={[
              { key: 'name', label: t('adminSetup.facilities.name') },
              { key: 'displayOrder', label: t('adminSetup.facilities.displayOrder'), align: 'end' },
              { key: 'enabled', label: t('adminSetup.facilities.state') },
              { key: 'actions', label: t('adminSetup.common.actions') },
            ]}
            rows={state.data}
            rowKey={(row) => row.id}
            renderCell={(row, key) => {
              if (key === 'name') return row.name;
              if (key === 'displayOrder') return row.displayOrder;
              if (key === 'enabled')
                return (
                  <Badge variant="outline" tone={row.enabled ? 'success' : 'neutral'}>
                    {row.enabled ? t('adminSetup.common.enabled') : t('adminSetup.common.disabled')}
                  </Badge>
                );
              return (
                <Inline>
                  <Button size="sm" variant="secondary" aria-label={t('adminSetup.common.editNamed', { name: row.name })} onPress={() => setEditing(row)}>
                    {t('adminSetup.common.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t(row.enabled ? 'adminSetup.common.disableNamed' : 'adminSetup.common.enableNamed', { name: row.name })}
                    onPress={() => void toggle(row)}
                  >
                    {row.enabled ? t('adminSetup.common.disable') : t('adminSetup.common.enable')}
                  </Button>
                  <Button size="sm" variant="danger" aria-label={t('adminSetup.common.deleteNamed', { name: row.name })} onPress={() => setDeleting(row)}>
                    {t('adminSetup.common.delete')}
                  </Button>
                </Inline>
              );
            }}
          />
        )}
      </Card>
      {editing && (
        <EditFacilityDialog
          kind={kind}
          item={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        tone="danger"
        isPending={pending}
        message={t('adminSetup.common.deleteConfirm', { name: deleting?.name ?? '' })}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}

function AddFacilityForm({ kind, clinicId, onAdded }: { kind: FacilityKind; clinicId: string; onAdded: () => void }) {
  const t = useT();
  const facilities = useFacilities(kind);
  const success = useSuccess();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const label = t(`adminSetup.facilities.${kind}.nameLabel`);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: t('adminSetup.common.required', { field: label }) });
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await facilities.create({ body: { clinicId, name: name.trim(), enabled: true } });
      success(t('adminSetup.common.added', { entity: t(`adminSetup.facilities.${kind}.entity`) }));
      setName('');
      onAdded();
    } catch (error) {
      setErrors(serverFieldErrors(error, { [EXISTS_CODE[kind]]: 'name' }));
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack gap={5} as="div">
      <FormAlert show={Boolean(errors.name)} />
      <FieldRow onSubmit={(e) => void submit(e)} noValidate aria-label={t(`adminSetup.facilities.${kind}.addTitle`)}>
        <TextField label={label} value={name} onChange={setName} isRequired maxLength={100} isInvalid={Boolean(errors.name)} errorMessage={errors.name} />
        <Button type="submit" isPending={pending}>
          {t('adminSetup.common.add')}
        </Button>
      </FieldRow>
    </Stack>
  );
}

function EditFacilityDialog({ kind, item, onClose, onSaved }: { kind: FacilityKind; item: Facility; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const facilities = useFacilities(kind);
  const success = useSuccess();
  const [name, setName] = useState(item.name);
  const [order, setOrder] = useState(String(item.displayOrder));
  const [enabled, setEnabled] = useState(item.enabled);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const nameLabel = t(`adminSetup.facilities.${kind}.nameLabel`);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: FieldErrors = {};
    if (!name.trim()) next.name = t('adminSetup.common.required', { field: nameLabel });
    const displayOrder = parseWholeNumber(order);
    if (displayOrder === null) next.displayOrder = t('adminSetup.common.wholeNumber');
    setErrors(next);
    if (Object.keys(next).length > 0 || displayOrder === null) return;
    setPending(true);
    try {
      await facilities.update({ params: { id: item.id }, body: { name: name.trim(), displayOrder, enabled } });
      success(t('adminSetup.common.updated', { entity: t(`adminSetup.facilities.${kind}.entity`) }));
      onSaved();
    } catch (error) {
      if (error instanceof HttpError) setErrors(serverFieldErrors(error, { [EXISTS_CODE[kind]]: 'name' }));
    } finally {
      setPending(false);
    }
  }

  return (
    <FormDialog title={t(`adminSetup.facilities.${kind}.editTitle`)} onClose={onClose} pending={pending} onSubmit={submit}>
      <Stack gap={5}>
        <FormAlert show={Object.keys(errors).length > 0} />
        <TextField
          label={nameLabel}
          value={name}
          onChange={setName}
          isRequired
          maxLength={100}
          autoFocus
          isInvalid={Boolean(errors.name)}
          errorMessage={errors.name}
        />
        <TextField
          label={t('adminSetup.facilities.displayOrder')}
          value={order}
          onChange={setOrder}
          inputMode="numeric"
          isInvalid={Boolean(errors.displayOrder)}
          errorMessage={errors.displayOrder}
        />
        <Checkbox isSelected={enabled} onChange={setEnabled}>
          {t('adminSetup.common.enabled')}
        </Checkbox>
      </Stack>
    </FormDialog>
  );
}

/** The routes of the rooms or the machines. */
function useFacilities(kind: FacilityKind) {
  const api = useApi({ adminRooms, adminMachines });
  return kind === 'rooms' ? api.adminRooms : api.adminMachines;
}
