import { Button, Callout, DatePicker, Dialog, Grid, Inline, RadioGroup, Select, Stack, TextField } from '@clinic/ui-kit';
import { useEffect, useState, type FormEvent } from 'react';
import { useT } from '../../../i18n';
import { formErrorsFrom, noErrors, type FormErrors } from '../staffs/form-errors';
import type { StaffClinic } from '../staff-session';
import { genderOf, type Gender, type Member, type MemberInput, type MemberStatus, type MemberUpdate } from './users.api';

interface Values {
  clinicId: string;
  name: string;
  kana: string;
  phone: string;
  email: string;
  birthday: string;
  gender: Gender | 'none';
  status: MemberStatus;
  userNumber: string;
  introducerUserNumber: string;
  externalMemberId: string;
}

const PHONE = /^[0-9+\-\s()]{1,20}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CARD = /^[A-Za-z0-9-]{1,20}$/;

const valuesOf = (member: Member | null, clinicId: string): Values => ({
  clinicId: member?.clinicId ?? clinicId,
  name: member?.name ?? '',
  kana: member?.kana ?? '',
  phone: member?.phone ?? '',
  email: member?.email ?? '',
  birthday: member?.birthday ?? '',
  gender: genderOf(member?.gender ?? null) ?? 'none',
  status: member?.status ?? 'FULL',
  userNumber: member?.userNumber ?? '',
  introducerUserNumber: '',
  externalMemberId: member?.externalMemberId ?? '',
});

/** Checks made before sending (the server checks again and names its fields). */
export function validateMember(v: Values, editing: boolean, t: ReturnType<typeof useT>): Record<string, string> {
  const f: Record<string, string> = {};
  const label = (key: 'name' | 'kana' | 'phone') => t(`memberPages.staffUsers.fields.${key}`);
  for (const key of ['name', 'kana', 'phone'] as const) {
    if (!v[key].trim()) f[key] = t('memberPages.common.required', { field: label(key) });
  }
  if (!f.phone && !PHONE.test(v.phone.trim())) f.phone = t('memberPages.common.formInvalid');
  if (v.email.trim() && !EMAIL.test(v.email.trim())) f.email = t('memberPages.passwordReset.invalidEmail');
  if (v.userNumber.trim() && !CARD.test(v.userNumber.trim())) f.userNumber = t('memberPages.common.formInvalid');
  if (!editing && v.introducerUserNumber.trim() && !CARD.test(v.introducerUserNumber.trim())) {
    f.introducerUserNumber = t('memberPages.common.formInvalid');
  }
  return f;
}

/** Create a member, or edit one (`member` given). */
export function MemberFormDialog(props: {
  isOpen: boolean;
  member: Member | null;
  clinics: StaffClinic[];
  defaultClinicId: string;
  onClose: () => void;
  onCreate: (input: MemberInput) => Promise<void>;
  onUpdate: (member: Member, input: MemberUpdate) => Promise<void>;
}) {
  const t = useT();
  const editing = props.member !== null;
  const [values, setValues] = useState<Values>(() => valuesOf(props.member, props.defaultClinicId));
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (props.isOpen) {
      setValues(valuesOf(props.member, props.defaultClinicId));
      setErrors(noErrors);
    }
  }, [props.isOpen, props.member, props.defaultClinicId]);

  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const field = (key: keyof Values) => ({ isInvalid: Boolean(errors.fields[key]), errorMessage: errors.fields[key] });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found = validateMember(values, editing, t);
    if (Object.keys(found).length > 0) {
      setErrors({ form: t('memberPages.common.formInvalid'), fields: found });
      return;
    }
    setErrors(noErrors);
    setPending(true);
    const common = {
      clinicId: values.clinicId,
      name: values.name.trim(),
      kana: values.kana.trim(),
      phone: values.phone.trim(),
      email: values.email.trim() || null,
      birthday: values.birthday || null,
      gender: values.gender === 'none' ? null : values.gender,
    };
    try {
      if (props.member) {
        const update: MemberUpdate = { ...common, externalMemberId: values.externalMemberId.trim() || null };
        if (props.member.status === 'FULL' && values.userNumber.trim() && values.userNumber.trim() !== props.member.userNumber) {
          update.userNumber = values.userNumber.trim();
        }
        await props.onUpdate(props.member, update);
      } else {
        const input: MemberInput = { ...common, status: values.status };
        if (values.status === 'FULL' && values.userNumber.trim()) input.userNumber = values.userNumber.trim();
        if (values.introducerUserNumber.trim()) input.introducerUserNumber = values.introducerUserNumber.trim();
        await props.onCreate(input);
      }
    } catch (error) {
      setErrors(
        formErrorsFrom(error, t('errors.http.unexpected'), {
          EMAIL_DUPLICATE: ['email'],
          ACCOUNT_EXISTS: ['userNumber'],
          INTRODUCER_NOT_FOUND: ['introducerUserNumber'],
          CLINIC_NOT_FOUND: ['clinicId'],
        }),
      );
    } finally {
      setPending(false);
    }
  }

  const genders = [
    { id: 'none', label: t('memberPages.common.genders.none') },
    { id: 'FEMALE', label: t('memberPages.common.genders.FEMALE') },
    { id: 'MALE', label: t('memberPages.common.genders.MALE') },
    { id: 'OTHER', label: t('memberPages.common.genders.OTHER') },
  ];
  const title = editing ? t('memberPages.staffUsers.editTitle') : t('memberPages.staffUsers.createTitle');

  return (
    <Dialog title={title} isOpen={props.isOpen} onOpenChange={(open) => !open && props.onClose()}>
      <Stack as="form" noValidate onSubmit={(e) => void submit(e)} aria-label={title}>
        {errors.form && (
          <Callout as="p" role="alert">
            {errors.form}
          </Callout>
        )}
        <Select
          label={t('memberPages.staffUsers.fields.clinic')}
          items={props.clinics.map((c) => ({ id: c.id, label: t('app.clinicName', { name: c.name }) }))}
          selectedKey={values.clinicId}
          onSelectionChange={set('clinicId')}
          isRequired
          {...field('clinicId')}
        />
        {!editing && (
          <RadioGroup
            label={t('memberPages.staffUsers.fields.status')}
            orientation="horizontal"
            options={[
              { value: 'FULL', label: t('memberPages.common.memberStatuses.FULL') },
              { value: 'TEMPORARY', label: t('memberPages.common.memberStatuses.TEMPORARY') },
            ]}
            value={values.status}
            onChange={set('status')}
            description={t('memberPages.staffUsers.statusFullOnlyHelp')}
          />
        )}
        <Grid minItemWidth="170px" gap={3} align="start">
          <TextField label={t('memberPages.staffUsers.fields.name')} value={values.name} onChange={set('name')} isRequired maxLength={50} {...field('name')} />
          <TextField label={t('memberPages.staffUsers.fields.kana')} value={values.kana} onChange={set('kana')} isRequired maxLength={50} {...field('kana')} />
        </Grid>
        <Grid minItemWidth="170px" gap={3} align="start">
          <TextField
            label={t('memberPages.staffUsers.fields.phone')}
            type="tel"
            inputMode="tel"
            value={values.phone}
            onChange={set('phone')}
            isRequired
            maxLength={20}
            {...field('phone')}
          />
          <TextField
            label={t('memberPages.staffUsers.fields.email')}
            type="email"
            inputMode="email"
            value={values.email}
            onChange={set('email')}
            maxLength={254}
            {...field('email')}
          />
        </Grid>
        <Grid minItemWidth="170px" gap={3} align="start">
          <DatePicker label={t('memberPages.staffUsers.fields.birthday')} value={values.birthday || null} onChange={set('birthday')} {...field('birthday')} />
          <Select label={t('memberPages.staffUsers.fields.gender')} items={genders} selectedKey={values.gender} onSelectionChange={set('gender')} />
        </Grid>
        {(editing ? props.member?.status === 'FULL' : values.status === 'FULL') && (
          <TextField
            label={t('memberPages.staffUsers.fields.userNumber')}
            value={values.userNumber}
            onChange={set('userNumber')}
            maxLength={20}
            description={editing ? undefined : t('memberPages.staffUsers.userNumberHelp')}
            {...field('userNumber')}
          />
        )}
        {!editing && (
          <TextField
            label={t('memberPages.staffUsers.fields.introducerUserNumber')}
            value={values.introducerUserNumber}
            onChange={set('introducerUserNumber')}
            maxLength={20}
            {...field('introducerUserNumber')}
          />
        )}
        {editing && (
          <TextField
            label={t('memberPages.staffUsers.fields.externalMemberId')}
            value={values.externalMemberId}
            onChange={set('externalMemberId')}
            maxLength={100}
            {...field('externalMemberId')}
          />
        )}
        <Inline justify="end">
          <Button variant="secondary" onPress={props.onClose}>
            {t('memberPages.common.cancel')}
          </Button>
          <Button type="submit" isPending={pending} pendingLabel={t('memberPages.common.saving')}>
            {t('memberPages.common.save')}
          </Button>
        </Inline>
      </Stack>
    </Dialog>
  );
}
