import { Button, Callout, Checkbox, Dialog, Inline, PasswordField, Select, Stack, TextField } from '@clinic/ui-kit';
import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../../i18n';
import type { StaffClinic, StaffRole } from '../staff-session';
import { formErrorsFrom, noErrors, type FormErrors } from './form-errors';
import { HEAD_OFFICE, validateStaffForm, type StaffFormValues } from './staff-form';
import type { Staff, StaffInput } from './staffs.api';

interface StaffFormDialogProps {
  isOpen: boolean;
  /** The staff member edited; `null` adds one. */
  staff: Staff | null;
  defaultClinicId: string | null;
  clinics: readonly StaffClinic[];
  /** 'ADMIN' only for a head-office ADMIN: only they grant ADMIN or head office (a clinic's ADMIN is 'STAFF' here). */
  viewerRole: StaffRole;
  onClose: () => void;
  onSubmit: (input: StaffInput) => Promise<void>;
}

const initialValues = (staff: Staff | null, defaultClinicId: string | null): StaffFormValues => ({
  employeeNumber: staff?.employeeNumber ?? '',
  email: staff?.email ?? '',
  name: staff?.name ?? '',
  role: staff?.role ?? 'STAFF',
  clinic: staff ? (staff.clinicId ?? HEAD_OFFICE) : (defaultClinicId ?? ''),
  password: '',
  doctor: staff?.doctor ?? false,
});

export function StaffFormDialog(props: StaffFormDialogProps) {
  const t = useT();
  return (
    <Dialog
      title={props.staff ? t('staffsPage.form.editTitle') : t('staffsPage.form.addTitle')}
      isOpen={props.isOpen}
      onOpenChange={(open) => !open && props.onClose()}
      isDismissable={false}
    >
      {props.isOpen && <StaffForm key={props.staff?.id ?? 'new'} {...props} />}
    </Dialog>
  );
}

function StaffForm({ staff, defaultClinicId, clinics, viewerRole, onClose, onSubmit }: StaffFormDialogProps) {
  const t = useT();
  const formId = useId();
  const [values, setValues] = useState(() => initialValues(staff, defaultClinicId));
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [pending, setPending] = useState(false);
  const isNew = staff === null;
  const set =
    <K extends keyof StaffFormValues>(key: K) =>
    (value: StaffFormValues[K]) =>
      setValues((previous) => ({ ...previous, [key]: value }));

  const canGrantAdmin = viewerRole === 'ADMIN';
  const roleItems = (['STAFF', 'ADMIN'] as const)
    .filter((role) => role === 'STAFF' || canGrantAdmin || staff?.role === 'ADMIN')
    .map((role) => ({ id: role, label: t(`staffsPage.roles.${role}`) }));
  const clinicItems = [
    ...clinics.map((c) => ({ id: c.id, label: t('app.clinicName', { name: c.name }) })),
    ...(canGrantAdmin || staff?.clinicId === null ? [{ id: HEAD_OFFICE, label: t('staffsPage.headOffice') }] : []),
  ];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const fields = validateStaffForm(values, isNew, t);
    if (Object.keys(fields).length > 0) {
      setErrors({ form: t('staffsPage.formInvalid'), fields });
      return;
    }
    setErrors(noErrors);
    setPending(true);
    try {
      await onSubmit({
        employeeNumber: values.employeeNumber.trim(),
        email: values.email.trim(),
        name: values.name.trim(),
        role: values.role as StaffRole,
        clinicId: values.clinic === HEAD_OFFICE ? null : values.clinic,
        doctor: values.doctor,
        ...(isNew && values.password ? { password: values.password } : {}),
      });
    } catch (error) {
      setErrors(formErrorsFrom(error, t('errors.http.unexpected'), { STAFF_EXISTS: ['employeeNumber', 'email'] }));
      setPending(false);
    }
  }

  const fieldError = (name: string) => errors.fields[name];
  return (
    <Stack as="form" id={formId} noValidate onSubmit={(event) => void submit(event)}>
      {errors.form && (
        <Callout as="p" role="alert">
          {errors.form}
        </Callout>
      )}
      <TextField
        label={t('staffsPage.profile.employeeNumber')}
        value={values.employeeNumber}
        onChange={set('employeeNumber')}
        isRequired
        autoFocus
        autoComplete="off"
        isInvalid={Boolean(fieldError('employeeNumber'))}
        errorMessage={fieldError('employeeNumber')}
      />
      <TextField
        label={t('staffsPage.profile.email')}
        type="email"
        value={values.email}
        onChange={set('email')}
        isRequired
        autoComplete="off"
        isInvalid={Boolean(fieldError('email'))}
        errorMessage={fieldError('email')}
      />
      <TextField
        label={t('staffsPage.profile.name')}
        value={values.name}
        onChange={set('name')}
        isRequired
        autoComplete="off"
        isInvalid={Boolean(fieldError('name'))}
        errorMessage={fieldError('name')}
      />
      <Select
        label={t('staffsPage.profile.role')}
        items={roleItems}
        selectedKey={values.role || null}
        onSelectionChange={(id) => set('role')(id as StaffRole)}
        isRequired
        isInvalid={Boolean(fieldError('role'))}
        errorMessage={fieldError('role')}
      />
      <Select
        label={t('staffsPage.profile.clinic')}
        items={clinicItems}
        selectedKey={values.clinic || null}
        onSelectionChange={set('clinic')}
        isRequired
        isInvalid={Boolean(fieldError('clinicId'))}
        errorMessage={fieldError('clinicId')}
      />
      <Checkbox isSelected={values.doctor} onChange={set('doctor')}>
        {t('staffsPage.profile.doctor')}
      </Checkbox>
      {isNew && (
        <PasswordField
          label={t('staffsPage.form.initialPassword')}
          value={values.password}
          onChange={set('password')}
          autoComplete="new-password"
          description={t('staffsPage.form.initialPasswordHelp')}
          isInvalid={Boolean(fieldError('password'))}
          errorMessage={fieldError('password')}
        />
      )}
      <DialogButtons onCancel={onClose} pending={pending} formId={formId} />
    </Stack>
  );
}

export function DialogButtons({ onCancel, pending, formId, submitLabel }: { onCancel: () => void; pending: boolean; formId?: string; submitLabel?: string }) {
  const t = useT();
  return (
    <Inline justify="end">
      <Button variant="secondary" onPress={onCancel} isDisabled={pending}>
        {t('staffsPage.cancel')}
      </Button>
      <Button type="submit" form={formId} isPending={pending}>
        {submitLabel ?? t('staffsPage.save')}
      </Button>
    </Inline>
  );
}
