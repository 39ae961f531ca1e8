import { Button, Card, Checkbox, ConfirmDialog, DatePicker, EmptyState, ItemList, PageHeader, Stack, TextField } from '@clinic/ui-kit';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { adminClinics, adminMenus, adminTwoFactor } from '../../../shared/api/endpoints';
import { useApi } from '../../../shared/api/HttpContext';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { useLoad } from '../../../shared/useLoad';
import { useStaffSession } from '../../staff/StaffSessionContext';
import { ClinicRequired, FormAlert, LoadErrorBlock, LoadingBlock, useSuccess } from '../shared/admin-ui';
import { hasErrors, serverFieldErrors, type FieldErrors } from '../shared/form-errors';
import { pageReload } from '../shared/reload';
import type { Category, Clinic, Holiday } from '../shared/types';
import { ClinicForm } from './ClinicForm';
import { clinicToForm } from './clinic-form';

const HolidayForm = styled.form`
  display: grid;
  gap: var(--space-3);
  grid-template-columns: minmax(0, 1fr);
  align-items: start;

  @media (min-width: 768px) {
    grid-template-columns: minmax(0, 220px) minmax(0, 1fr) auto;

    & > button {
      margin-top: 28px;
    }
  }
`;

interface SettingsData {
  clinic: Clinic;
  categories: Category[];
}

/** /admin/clinic/settings/: the selected clinic's settings and holidays. */
export function ClinicSettingsPage() {
  const t = useT();
  const title = t('pages.admin.clinicSettings.title');
  useDocumentTitle(title);
  const { selectedClinic } = useStaffSession();
  return (
    <section>
      <PageHeader title={title} description={selectedClinic ? t('adminSetup.common.forClinic', { name: selectedClinic.name }) : undefined} />
      {selectedClinic ? <ClinicSettings clinicId={selectedClinic.id} /> : <ClinicRequired />}
    </section>
  );
}

function ClinicSettings({ clinicId }: { clinicId: string }) {
  const t = useT();
  const api = useApi({ adminClinics, adminMenus });
  const { profile } = useStaffSession();
  const success = useSuccess();
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const state = useLoad<SettingsData>(
    async () => {
      const [clinic, categories] = await Promise.all([api.adminClinics.get({ params: { id: clinicId } }), api.adminMenus.categories({ query: { clinicId } })]);
      return { clinic, categories };
    },
    [api, clinicId],
    { reloadKey: version },
  );

  if (state.status === 'loading') return <LoadingBlock />;
  if (state.status === 'failed') return <LoadErrorBlock error={state.error} onRetry={reload} />;
  const { clinic, categories } = state.data;

  return (
    <Stack gap={5}>
      <ClinicForm
        key={`${clinic.id}-${version}`}
        initial={clinicToForm(clinic)}
        categories={categories}
        submitLabel={t('adminSetup.clinic.save')}
        onSubmit={async (body) => {
          await api.adminClinics.update({ params: { id: clinic.id }, body });
          success(t('adminSetup.clinic.updated'));
          pageReload.later();
        }}
      />
      <HolidaysCard clinicId={clinic.id} holidays={clinic.holidays ?? []} onChanged={reload} />
      {profile.role === 'ADMIN' && (profile.clinicId === null || profile.clinicId === clinic.id) && (
        <TwoFactorRequirementCard key={clinic.id} clinicId={clinic.id} />
      )}
    </Stack>
  );
}

function HolidaysCard({ clinicId, holidays, onChanged }: { clinicId: string; holidays: Holiday[]; onChanged: () => void }) {
  const t = useT();
  const api = useApi({ adminClinics });
  const success = useSuccess();
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const [removing, setRemoving] = useState<Holiday | null>(null);
  const entity = t('adminSetup.clinic.holidayEntity');

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!date) {
      setErrors({ date: t('adminSetup.common.choose', { field: t('adminSetup.clinic.holidayDate') }) });
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await api.adminClinics.addHoliday({ params: { id: clinicId }, body: { date, name: name.trim() || undefined } });
      success(t('adminSetup.common.added', { entity }));
      setDate('');
      setName('');
      onChanged();
    } catch (error) {
      setErrors(serverFieldErrors(error, { HOLIDAY_ALREADY_REGISTERED: 'date' }));
    } finally {
      setPending(false);
    }
  }

  async function remove(holiday: Holiday) {
    try {
      await api.adminClinics.removeHoliday({ params: { id: clinicId, date: holiday.date } });
      success(t('adminSetup.common.deleted', { entity }));
      onChanged();
    } catch {
      // Shown by the HTTP client.
    } finally {
      setRemoving(null);
    }
  }

  return (
    <Card title={t('adminSetup.clinic.holidaysTitle')}>
      <Stack gap={5}>
        <FormAlert show={hasErrors(errors)} />
        <HolidayForm onSubmit={(e) => void add(e)} noValidate aria-label={t('adminSetup.clinic.addHoliday')}>
          <DatePicker
            label={t('adminSetup.clinic.holidayDate')}
            value={date || null}
            onChange={setDate}
            isRequired
            isInvalid={Boolean(errors.date)}
            errorMessage={errors.date}
          />
          <TextField label={t('adminSetup.clinic.holidayName')} value={name} onChange={setName} maxLength={100} />
          <Button type="submit" isPending={pending}>
            {t('adminSetup.clinic.addHoliday')}
          </Button>
        </HolidayForm>
        {holidays.length === 0 ? (
          <EmptyState variant="filled">{t('adminSetup.clinic.noHolidays')}</EmptyState>
        ) : (
          <ItemList aria-label={t('adminSetup.clinic.holidaysTitle')}>
            {holidays.map((holiday) => {
              const label = holiday.name ? `${holiday.date}（${holiday.name}）` : holiday.date;
              return (
                <li key={holiday.date}>
                  <span>{label}</span>
                  <Button
                    size="sm"
                    variant="danger"
                    aria-label={t('adminSetup.common.deleteNamed', { name: holiday.date })}
                    onPress={() => setRemoving(holiday)}
                  >
                    {t('adminSetup.common.delete')}
                  </Button>
                </li>
              );
            })}
          </ItemList>
        )}
      </Stack>
      <ConfirmDialog
        isOpen={removing !== null}
        tone="danger"
        message={t('adminSetup.common.deleteConfirm', { name: removing?.date ?? '' })}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}

/** ADMIN only: whether the clinic's STAFF must use two-factor login (ADMINs always must). */
function TwoFactorRequirementCard({ clinicId }: { clinicId: string }) {
  const t = useT();
  const api = useApi({ adminTwoFactor });
  const success = useSuccess();
  const [version, setVersion] = useState(0);
  const [pending, setPending] = useState(false);
  const state = useLoad(() => api.adminTwoFactor.requirement({ params: { id: clinicId } }), [api, clinicId], {
    reloadKey: version,
  });

  async function change(staffRequired: boolean) {
    setPending(true);
    try {
      await api.adminTwoFactor.setRequirement({ params: { id: clinicId }, body: { staffRequired } });
      success(staffRequired ? t('adminSetup.clinic.twoFactor.turnedOn') : t('adminSetup.clinic.twoFactor.turnedOff'));
      setVersion((v) => v + 1);
    } catch {
      // Shown by the HTTP client.
    } finally {
      setPending(false);
    }
  }

  return (
    <Card title={t('adminSetup.clinic.twoFactor.title')}>
      {state.status === 'loading' && <LoadingBlock />}
      {state.status === 'failed' && <LoadErrorBlock error={state.error} onRetry={() => setVersion((v) => v + 1)} />}
      {state.status === 'ready' && (
        <Stack gap={5}>
          <Checkbox isSelected={state.data.staffRequired} isDisabled={pending} onChange={(selected) => void change(selected)}>
            {t('adminSetup.clinic.twoFactor.toggle')}
          </Checkbox>
          <EmptyState variant="filled">
            {state.data.staffRequired && state.data.since
              ? t('adminSetup.clinic.twoFactor.since', { since: state.data.since.slice(0, 16).replace('T', ' ') })
              : t('adminSetup.clinic.twoFactor.help')}
          </EmptyState>
        </Stack>
      )}
    </Card>
  );
}
