import { Button, Callout, DatePicker, Dialog, Inline, Select, Spinner, Stack, Text, TextField, useMessages } from '@clinic/ui-kit';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { formErrorsFrom, noErrors, type FormErrors } from '../staffs/form-errors';
import { useLoad, useReloadKey } from '../../../shared/useLoad';
import { LoadError } from '../staffs/parts';
import type { ContractInput, Member, StaffMenu, UsersApi } from './users.api';

const CARD = /^[A-Za-z0-9-]{1,20}$/;

/** TEMPORARY → FULL, with a card number or the next free one. */
export function MakeFullDialog(props: { member: Member | null; onClose: () => void; onSave: (member: Member, userNumber: string) => Promise<void> }) {
  const t = useT();
  const [userNumber, setUserNumber] = useState('');
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    setUserNumber('');
    setErrors(noErrors);
  }, [props.member]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!props.member || pending) return;
    if (userNumber.trim() && !CARD.test(userNumber.trim())) {
      setErrors({ form: t('memberPages.common.formInvalid'), fields: { userNumber: t('memberPages.common.formInvalid') } });
      return;
    }
    setPending(true);
    try {
      await props.onSave(props.member, userNumber.trim());
    } catch (error) {
      setErrors(formErrorsFrom(error, t('errors.http.unexpected'), { ACCOUNT_EXISTS: ['userNumber'] }));
    } finally {
      setPending(false);
    }
  }

  const title = t('memberPages.staffUsers.makeFullTitle');
  return (
    <Dialog title={title} isOpen={props.member !== null} onOpenChange={(open) => !open && props.onClose()}>
      <Stack as="form" noValidate onSubmit={(e) => void submit(e)} aria-label={title}>
        {errors.form && (
          <Callout as="p" role="alert">
            {errors.form}
          </Callout>
        )}
        <p>{t('memberPages.staffUsers.makeFullLead')}</p>
        <TextField
          label={t('memberPages.staffUsers.fields.userNumber')}
          value={userNumber}
          onChange={setUserNumber}
          maxLength={20}
          isInvalid={Boolean(errors.fields.userNumber)}
          errorMessage={errors.fields.userNumber}
        />
        <Inline justify="end">
          <Button variant="secondary" onPress={props.onClose}>
            {t('memberPages.common.cancel')}
          </Button>
          <Button type="submit" isPending={pending} pendingLabel={t('memberPages.common.saving')}>
            {t('memberPages.staffUsers.makeFull')}
          </Button>
        </Inline>
      </Stack>
    </Dialog>
  );
}

const QrBox = styled.div`
  display: grid;
  gap: var(--space-3);
  justify-items: center;

  svg {
    width: min(240px, 70vw);
    height: auto;
    padding: var(--space-2);
    background: #ffffff;
  }
`;

const Url = styled.a`
  display: block;
  width: 100%;
  padding: var(--space-2);
  border-radius: var(--radius-sm);
  background: var(--color-surface-alt);
  color: var(--color-primary);
  font-size: var(--font-size-sm);
  overflow-wrap: anywhere;
  word-break: break-all;
`;

/** A fresh registration token (24 h, single use) as a QR code of its URL, and the URL itself. */
export function RegistrationDialog(props: { member: Member | null; api: UsersApi; onClose: () => void }) {
  const t = useT();
  const messages = useMessages();
  const [version, reload] = useReloadKey();
  const member = props.member;
  // A new token each time the dialog opens for a member (or on a retry).
  const state = useLoad(() => (member ? props.api.registrationToken(member.id) : Promise.resolve(null)), [member, props.api], { reloadKey: version });
  const token = state.status === 'ready' ? state.data : null;

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      messages.show({ text: t('memberPages.staffUsers.copied'), tone: 'success' });
    } catch {
      messages.show({ text: t('staffsPage.messages.copyFailed'), tone: 'error' });
    }
  }

  return (
    <Dialog
      title={t('memberPages.staffUsers.registrationTitle')}
      isOpen={member !== null}
      onOpenChange={(open) => !open && props.onClose()}
      footer={
        <Inline justify="end">
          <Button variant="secondary" onPress={props.onClose}>
            {t('memberPages.common.close')}
          </Button>
          {token && <Button onPress={() => void copy(token.url)}>{t('memberPages.staffUsers.copy')}</Button>}
        </Inline>
      }
    >
      {state.status === 'loading' && <Spinner label={t('memberPages.common.loading')} />}
      {state.status === 'failed' && <LoadError error={state.error} onRetry={reload} />}
      {token && member && (
        <QrBox>
          <p>{t('memberPages.register.who', { name: member.name, userNumber: member.userNumber ?? '' })}</p>
          <QRCodeSVG value={token.url} size={240} marginSize={2} role="img" aria-label={t('memberPages.staffUsers.registrationTitle')} />
          <Text tone="muted" size="sm">
            {t('memberPages.staffUsers.registrationLead')}
          </Text>
          <Text tone="muted" size="sm">
            {t('memberPages.staffUsers.registrationExpires', {
              date: new Date(token.expiresAt).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' }),
            })}
          </Text>
          <Url href={token.url} target="_blank" rel="noreferrer" aria-label={t('memberPages.staffUsers.registrationUrl')} data-testid="registration-url">
            {token.url}
          </Url>
        </QrBox>
      )}
    </Dialog>
  );
}

/** A new contract of one of the clinic's CONTRACT menus. */
export function ContractDialog(props: {
  member: Member | null;
  api: UsersApi;
  onClose: () => void;
  onSave: (member: Member, body: ContractInput) => Promise<void>;
}) {
  const t = useT();
  const [menuId, setMenuId] = useState('');
  const [sessions, setSessions] = useState('5');
  const [expiresOn, setExpiresOn] = useState('');
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [pending, setPending] = useState(false);
  const member = props.member;

  // Opened for a member: an empty form (adjusted during render, as React advises for state
  // derived from props) and the clinic's CONTRACT menus (none when they cannot be read).
  const [formOf, setFormOf] = useState<Member | null>(null);
  if (member && member !== formOf) {
    setFormOf(member);
    setMenuId('');
    setSessions('5');
    setExpiresOn('');
    setErrors(noErrors);
  }
  const menusLoad = useLoad(
    () =>
      member
        ? props.api.menus(member.clinicId).then(
            (list) => list.filter((m) => m.kind === 'CONTRACT'),
            (): StaffMenu[] => [],
          )
        : Promise.resolve(null),
    [member, props.api],
  );
  const menus = menusLoad.status === 'ready' ? menusLoad.data : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!member || pending) return;
    const fields: Record<string, string> = {};
    const total = Number(sessions);
    if (!menuId) fields.menuId = t('memberPages.common.required', { field: t('memberPages.staffUsers.contractMenu') });
    if (!Number.isInteger(total) || total < 1 || total > 100) fields.sessionsTotal = t('memberPages.common.formInvalid');
    if (Object.keys(fields).length > 0) {
      setErrors({ form: t('memberPages.common.formInvalid'), fields });
      return;
    }
    setPending(true);
    try {
      await props.onSave(member, { menuId, sessionsTotal: total, ...(expiresOn ? { expiresOn } : {}) });
    } catch (error) {
      setErrors(formErrorsFrom(error, t('errors.http.unexpected'), { MENU_NOT_FOUND: ['menuId'] }));
    } finally {
      setPending(false);
    }
  }

  const title = t('memberPages.staffUsers.addContractTitle');
  return (
    <Dialog title={title} isOpen={member !== null} onOpenChange={(open) => !open && props.onClose()}>
      {menus === null ? (
        <Spinner label={t('memberPages.common.loading')} />
      ) : (
        <Stack as="form" noValidate onSubmit={(e) => void submit(e)} aria-label={title}>
          {errors.form && (
            <Callout as="p" role="alert">
              {errors.form}
            </Callout>
          )}
          {menus.length === 0 && (
            <Text tone="muted" size="sm">
              {t('memberPages.staffUsers.noContractMenus')}
            </Text>
          )}
          <Select
            label={t('memberPages.staffUsers.contractMenu')}
            items={menus.map((m) => ({ id: m.id, label: m.name }))}
            selectedKey={menuId || null}
            onSelectionChange={setMenuId}
            isRequired
            isInvalid={Boolean(errors.fields.menuId)}
            errorMessage={errors.fields.menuId}
          />
          <TextField
            label={t('memberPages.staffUsers.sessionsTotal')}
            inputMode="numeric"
            value={sessions}
            onChange={setSessions}
            isRequired
            isInvalid={Boolean(errors.fields.sessionsTotal)}
            errorMessage={errors.fields.sessionsTotal}
          />
          <DatePicker
            label={t('memberPages.staffUsers.expiresOn')}
            value={expiresOn || null}
            onChange={setExpiresOn}
            description={t('memberPages.staffUsers.expiresOnHelp')}
            isInvalid={Boolean(errors.fields.expiresOn)}
            errorMessage={errors.fields.expiresOn}
          />
          <Inline justify="end">
            <Button variant="secondary" onPress={props.onClose}>
              {t('memberPages.common.cancel')}
            </Button>
            <Button type="submit" isPending={pending} pendingLabel={t('memberPages.common.saving')} isDisabled={menus.length === 0}>
              {t('memberPages.staffUsers.addContract')}
            </Button>
          </Inline>
        </Stack>
      )}
    </Dialog>
  );
}
