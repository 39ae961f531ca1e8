import {
  Button,
  Callout,
  Card,
  DatePicker,
  Grid,
  Heading,
  Inline,
  PageHeader,
  PasswordField,
  RadioGroup,
  Select,
  Stack,
  TextField,
  useMessages,
} from '@clinic/ui-kit';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useT } from '../../../i18n';
import { useHttp } from '../../../shared/api/HttpContext';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { genderOf, memberApi, type DetailedProfile, type Gender, type NotificationChannel } from '../member.api';
import { tokyoDate } from '../../../shared/booking';
import { useMemberSession } from '../MemberSessionContext';
import { LoadError, Loading, fieldErrorsOf } from './parts';
import { useLoad, useReloadKey } from '../../../shared/useLoad';
import { LineLinkSection } from './LineLinkSection';

const PASSWORD_MIN = 10;
const PASSWORD_MAX = 128;

interface Details {
  name: string;
  kana: string;
  phone: string;
  email: string;
  birthday: string;
  gender: Gender | 'none';
}

const detailsOf = (p: DetailedProfile): Details => ({
  name: p.name,
  kana: p.kana,
  phone: p.phone,
  email: p.email ?? '',
  birthday: p.birthday ?? '',
  gender: genderOf(p.gender) ?? 'none',
});

const PHONE = /^[0-9+\-\s()]{1,20}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The member's own checks before sending (the server checks again). */
export function validateDetails(d: Details, t: ReturnType<typeof useT>): Record<string, string> {
  const errors: Record<string, string> = {};
  const required = (field: keyof Details, label: string) => {
    if (!d[field].trim()) errors[field] = t('memberPages.common.required', { field: label });
  };
  required('name', t('memberPages.settings.name'));
  required('kana', t('memberPages.settings.kana'));
  required('phone', t('memberPages.settings.phone'));
  if (!errors.phone && !PHONE.test(d.phone.trim())) errors.phone = t('memberPages.common.formInvalid');
  if (d.email.trim() && !EMAIL.test(d.email.trim())) errors.email = t('memberPages.passwordReset.invalidEmail');
  return errors;
}

/** /user/mypage/settings/: the member's details and password. */
export function MemberSettingsPage() {
  const t = useT();
  const http = useHttp();
  const api = useMemo(() => memberApi(http), [http]);
  const title = t('pages.user.settings.title');
  useDocumentTitle(title);
  const [reloadKey, reload] = useReloadKey();
  const state = useLoad(() => api.detailedProfile(), [api], { reloadKey });

  return (
    <section>
      <PageHeader title={title} />
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <LoadError error={state.error} onRetry={reload} />}
      {state.status === 'ready' && (
        <Stack gap={6}>
          <DetailsForm profile={state.data} />
          <NotificationForm profile={state.data} />
          <PasswordForm />
          <LineLinkSection />
        </Stack>
      )}
    </section>
  );
}

function DetailsForm({ profile }: { profile: DetailedProfile }) {
  const t = useT();
  const http = useHttp();
  const api = useMemo(() => memberApi(http), [http]);
  const messages = useMessages();
  const { refreshProfile } = useMemberSession();
  const [values, setValues] = useState<Details>(() => detailsOf(profile));
  // Another login e-mail needs the current password (the server refuses it without).
  const [currentPassword, setCurrentPassword] = useState('');
  const emailChanged = values.email.trim().toLowerCase() !== (profile.email ?? '').trim().toLowerCase();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => setValues(detailsOf(profile)), [profile]);

  const set = (field: keyof Details) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const genders = [
    { id: 'none', label: t('memberPages.common.genders.none') },
    { id: 'FEMALE', label: t('memberPages.common.genders.FEMALE') },
    { id: 'MALE', label: t('memberPages.common.genders.MALE') },
    { id: 'OTHER', label: t('memberPages.common.genders.OTHER') },
  ];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found = validateDetails(values, t);
    if (emailChanged && !currentPassword) found.currentPassword = t('memberPages.common.required', { field: t('memberPages.settings.currentPassword') });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError(t('memberPages.common.formInvalid'));
      return;
    }
    setFormError(null);
    setPending(true);
    try {
      const saved = await api.updateProfile({
        name: values.name.trim(),
        kana: values.kana.trim(),
        phone: values.phone.trim(),
        email: values.email.trim() || null,
        birthday: values.birthday || null,
        gender: values.gender === 'none' ? null : values.gender,
        ...(emailChanged ? { currentPassword } : {}),
      });
      setValues(detailsOf(saved));
      setCurrentPassword('');
      messages.show({ text: t('memberPages.settings.saved'), tone: 'success' });
      refreshProfile();
    } catch (error) {
      setErrors(fieldErrorsOf(error, { EMAIL_DUPLICATE: 'email', RATE_LIMITED: 'currentPassword' }));
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack as="section" gap={3} aria-labelledby="profile-heading">
      <Heading level={2} id="profile-heading">
        {t('memberPages.settings.profileTitle')}
      </Heading>
      <Card as="form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="profile-heading">
        <Stack gap={4}>
          {formError && (
            <Callout role="alert">
              <p>{formError}</p>
            </Callout>
          )}
          <Grid>
            <TextField
              label={t('memberPages.settings.name')}
              value={values.name}
              onChange={set('name')}
              isRequired
              maxLength={50}
              autoComplete="name"
              isInvalid={Boolean(errors.name)}
              errorMessage={errors.name}
            />
            <TextField
              label={t('memberPages.settings.kana')}
              value={values.kana}
              onChange={set('kana')}
              isRequired
              maxLength={50}
              isInvalid={Boolean(errors.kana)}
              errorMessage={errors.kana}
            />
            <TextField
              label={t('memberPages.settings.phone')}
              type="tel"
              inputMode="tel"
              value={values.phone}
              onChange={set('phone')}
              isRequired
              maxLength={20}
              autoComplete="tel"
              isInvalid={Boolean(errors.phone)}
              errorMessage={errors.phone}
            />
            <TextField
              label={t('memberPages.settings.email')}
              type="email"
              inputMode="email"
              value={values.email}
              onChange={set('email')}
              maxLength={254}
              autoComplete="email"
              description={t('memberPages.settings.emailHelp')}
              isInvalid={Boolean(errors.email)}
              errorMessage={errors.email}
            />
            {emailChanged && (
              <PasswordField
                label={t('memberPages.settings.currentPassword')}
                value={currentPassword}
                onChange={setCurrentPassword}
                isRequired
                autoComplete="current-password"
                description={t('memberPages.settings.emailNeedsPassword')}
                isInvalid={Boolean(errors.currentPassword)}
                errorMessage={errors.currentPassword}
              />
            )}
            <DatePicker
              label={t('memberPages.settings.birthday')}
              value={values.birthday || null}
              onChange={set('birthday')}
              maxValue={tokyoDate(new Date())}
              isInvalid={Boolean(errors.birthday)}
              errorMessage={errors.birthday}
            />
            <Select label={t('memberPages.settings.gender')} items={genders} selectedKey={values.gender} onSelectionChange={(id) => set('gender')(id)} />
          </Grid>
          <Inline justify="end" grow="phone">
            <Button type="submit" isPending={pending} pendingLabel={t('memberPages.common.saving')}>
              {t('memberPages.common.save')}
            </Button>
          </Inline>
        </Stack>
      </Card>
    </Stack>
  );
}

/** お知らせの受け取り方法: LINE (only while LINE is linked), mail or none. */
function NotificationForm({ profile }: { profile: DetailedProfile }) {
  const t = useT();
  const http = useHttp();
  const api = useMemo(() => memberApi(http), [http]);
  const messages = useMessages();
  const [channel, setChannel] = useState<NotificationChannel>(profile.notificationChannel);
  const [saved, setSaved] = useState<NotificationChannel>(profile.notificationChannel);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    setChannel(profile.notificationChannel);
    setSaved(profile.notificationChannel);
  }, [profile]);

  const options = [
    { value: 'LINE', label: t('memberPages.settings.notification.LINE'), isDisabled: !profile.hasLine },
    { value: 'MAIL', label: t('memberPages.settings.notification.MAIL') },
    { value: 'NONE', label: t('memberPages.settings.notification.NONE') },
  ];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      const answer = await api.updateProfile({ notificationChannel: channel });
      setChannel(answer.notificationChannel);
      setSaved(answer.notificationChannel);
      messages.show({ text: t('memberPages.settings.notification.saved'), tone: 'success' });
    } catch {
      // The HTTP client has announced the failure.
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack as="section" gap={3} aria-labelledby="notification-heading">
      <Heading level={2} id="notification-heading">
        {t('memberPages.settings.notification.title')}
      </Heading>
      <Card as="form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="notification-heading">
        <Stack gap={4}>
          <RadioGroup
            label={t('memberPages.settings.notification.label')}
            options={options}
            value={channel}
            onChange={(value) => setChannel(value as NotificationChannel)}
            description={profile.hasLine ? t('memberPages.settings.notification.help') : t('memberPages.settings.notification.lineNotLinked')}
          />
          <Inline justify="end" grow="phone">
            <Button type="submit" variant="secondary" isPending={pending} isDisabled={channel === saved} pendingLabel={t('memberPages.common.saving')}>
              {t('memberPages.settings.notification.save')}
            </Button>
          </Inline>
        </Stack>
      </Card>
    </Stack>
  );
}

function PasswordForm() {
  const t = useT();
  const http = useHttp();
  const api = useMemo(() => memberApi(http), [http]);
  const messages = useMessages();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found: Record<string, string> = {};
    if (!current) found.currentPassword = t('memberPages.common.required', { field: t('memberPages.settings.currentPassword') });
    if (next.length < PASSWORD_MIN || next.length > PASSWORD_MAX) found.newPassword = t('memberPages.settings.passwordLength');
    if (confirm !== next) found.confirm = t('memberPages.settings.mismatch');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      await api.updateProfile({ currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setConfirm('');
      messages.show({ text: t('memberPages.settings.passwordSaved'), tone: 'success' });
    } catch (error) {
      setErrors(fieldErrorsOf(error, { RATE_LIMITED: 'currentPassword' }));
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack as="section" gap={3} aria-labelledby="password-heading">
      <Heading level={2} id="password-heading">
        {t('memberPages.settings.passwordTitle')}
      </Heading>
      <Card as="form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="password-heading">
        <Stack gap={4}>
          <Grid>
            <PasswordField
              label={t('memberPages.settings.currentPassword')}
              value={current}
              onChange={setCurrent}
              isRequired
              autoComplete="current-password"
              maxLength={PASSWORD_MAX}
              isInvalid={Boolean(errors.currentPassword)}
              errorMessage={errors.currentPassword}
            />
            <PasswordField
              label={t('memberPages.settings.newPassword')}
              value={next}
              onChange={setNext}
              isRequired
              autoComplete="new-password"
              maxLength={PASSWORD_MAX}
              description={t('memberPages.settings.passwordHelp')}
              isInvalid={Boolean(errors.newPassword)}
              errorMessage={errors.newPassword}
            />
            <PasswordField
              label={t('memberPages.settings.confirmPassword')}
              value={confirm}
              onChange={setConfirm}
              isRequired
              autoComplete="new-password"
              maxLength={PASSWORD_MAX}
              isInvalid={Boolean(errors.confirm)}
              errorMessage={errors.confirm}
            />
          </Grid>
          <Inline justify="end" grow="phone">
            <Button type="submit" variant="secondary" isPending={pending} pendingLabel={t('memberPages.common.saving')}>
              {t('memberPages.settings.changePassword')}
            </Button>
          </Inline>
        </Stack>
      </Card>
    </Stack>
  );
}
