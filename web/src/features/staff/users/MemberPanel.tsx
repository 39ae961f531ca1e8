import {
  Badge,
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  EmptyState,
  FactList,
  Heading,
  Inline,
  Spinner,
  Stack,
  Table,
  Tabs,
  Text,
  TextField,
  useMessages,
} from '@clinic/ui-kit';
import { useEffect, useMemo, useState } from 'react';
import { useT } from '../../../i18n';
import { useEditableLoad } from '../../../shared/useEditableLoad';
import { useLoad, useReloadKey } from '../../../shared/useLoad';
import { LoadError } from '../staffs/parts';
import { MessageHistory } from '../messages/MessageHistory';
import { FormsExportButton } from '../forms/FormsExportButton';
import { useStaffSession } from '../StaffSessionContext';
import { genderOf, type Member, type UsersApi, type StaffReservation } from './users.api';

const dateTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' });
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => dateOnly.format(new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00+09:00` : iso));

const menuNames = (r: StaffReservation) =>
  r.menus && r.menus.length > 0 ? r.menus.map((m) => m.name).join('、') : [...new Set(r.tasks.map((x) => x.label))].join('、');

export interface PanelActions {
  onEdit: (member: Member) => void;
  onMakeFull: (member: Member) => void;
  onRegistration: (member: Member) => void;
  onAddContract: (member: Member) => void;
  onChanged: (member: Member) => void;
}

/** One member: details, tags, check items, reservations and contracts (`with-details`). */
export function MemberPanel({ userId, api, version, actions }: { userId: string; api: UsersApi; version: number; actions: PanelActions }) {
  const t = useT();
  const { selectedClinic } = useStaffSession();
  const messages = useMessages();
  const [retry, reload] = useReloadKey();
  const [tab, setTab] = useState('profile');
  const [confirm, setConfirm] = useState<'gift' | 'line' | 'guestLimit' | null>(null);
  const [busy, setBusy] = useState(false);
  const [restrictionReason, setRestrictionReason] = useState('');
  // A reload of the same member (after an action) keeps the panel on screen; another member shows the spinner.
  // `version`: the page's own changes (an edit in a dialog); `retry`: this panel's actions and retries.
  const [state, updateDetails] = useEditableLoad(() => api.details(userId), [api, userId], {
    reloadKey: `${version}:${retry}`,
    keepWhileReloading: (shown) => shown.member.id === userId,
  });
  // The tags being chosen start from the member's own, each time the details are read (not when
  // a check item is ticked). Adjusted during render, as React advises for state derived from props.
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [readTagIds, setReadTagIds] = useState<readonly string[] | null>(null);
  const memberTagIds = state.status === 'ready' ? state.data.member.tagIds : null;
  if (memberTagIds && memberTagIds !== readTagIds) {
    setReadTagIds(memberTagIds);
    setTagIds(memberTagIds);
  }
  const tagList = useLoad(() => api.tags(), [api]);
  const allTags = useMemo(
    () => (tagList.status === 'ready' ? [...tagList.data].sort((a, b) => a.displayOrder - b.displayOrder) : tagList.status === 'failed' ? [] : null),
    [tagList],
  );

  useEffect(() => setTab('profile'), [userId]);

  if (state.status === 'loading') return <Spinner label={t('memberPages.common.loading')} />;
  if (state.status === 'failed') return <LoadError error={state.error} onRetry={reload} />;
  const { member, reservations, contracts, checkItems } = state.data;

  async function run(action: () => Promise<Member>, text: string) {
    setBusy(true);
    try {
      const updated = await action();
      messages.show({ text, tone: 'success' });
      actions.onChanged(updated);
      reload();
    } catch {
      // The client has shown the failure.
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  }

  async function tick(itemId: string, checked: boolean) {
    try {
      const item = await api.tick(itemId, checked);
      updateDetails((data) => ({ ...data, checkItems: data.checkItems.map((c) => (c.id === item.id ? item : c)) }));
      messages.show({ text: t('memberPages.staffUsers.checkSaved'), tone: 'success' });
    } catch {
      // shown by the client
    }
  }

  const f = (key: Parameters<typeof fieldLabel>[1]) => fieldLabel(t, key);
  const restriction = state.data.bookingRestriction;
  async function setRestriction(restricted: boolean) {
    if (restrictionReason.trim() === '') {
      messages.show({ text: t('memberPages.staffUsers.restriction.reasonRequired'), tone: 'error' });
      return;
    }
    setBusy(true);
    try {
      await api.setBookingRestriction(member.id, restricted, restrictionReason.trim());
      messages.show({ text: t(restricted ? 'memberPages.staffUsers.restriction.setDone' : 'memberPages.staffUsers.restriction.liftDone'), tone: 'success' });
      setRestrictionReason('');
      reload();
    } catch {
      // The client has shown the failure.
    } finally {
      setBusy(false);
    }
  }
  /** Clears the day's guest-booking counts of the member's phone and e-mail (DELETE …/guest-limit, audited). */
  async function clearGuestLimit() {
    setBusy(true);
    try {
      await api.clearGuestLimit(member.id);
      messages.show({ text: t('memberPages.staffUsers.guestLimit.done'), tone: 'success' });
    } catch {
      // The client has shown the failure.
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  }
  const nothing = t('memberPages.staffUsers.nothing');

  const profile = (
    <Stack gap={3}>
      <FactList>
        <dt>{f('userNumber')}</dt>
        <dd>{member.userNumber ?? nothing}</dd>
        <dt>{f('kana')}</dt>
        <dd>{member.kana}</dd>
        <dt>{f('phone')}</dt>
        <dd>{member.phone}</dd>
        <dt>{f('language')}</dt>
        <dd>{t(`memberPages.staffUsers.languages.${member.language}`)}</dd>
        <dt>{f('email')}</dt>
        <dd>{member.email ?? nothing}</dd>
        <dt>{f('birthday')}</dt>
        <dd>{member.birthday ? formatDate(member.birthday) : nothing}</dd>
        <dt>{f('gender')}</dt>
        <dd>{genderOf(member.gender) ? t(`memberPages.common.genders.${genderOf(member.gender)!}`) : (member.gender ?? nothing)}</dd>
        <dt>{f('clinic')}</dt>
        <dd>{t('app.clinicName', { name: member.clinicName })}</dd>
        <dt>{f('introducer')}</dt>
        <dd>{member.introducerName ? `${member.introducerName}（${member.introducerUserNumber ?? ''}）` : nothing}</dd>
        <dt>{f('giftCount')}</dt>
        <dd>{t('memberPages.staffUsers.giftCountValue', { count: member.giftCount })}</dd>
        <dt>{f('line')}</dt>
        <dd>{member.hasLine ? t('memberPages.staffUsers.lineLinked') : t('memberPages.staffUsers.lineNotLinked')}</dd>
        <dt>{f('password')}</dt>
        <dd>{member.hasPassword ? t('memberPages.staffUsers.passwordSet') : t('memberPages.staffUsers.passwordNotSet')}</dd>
        <dt>{f('externalMemberId')}</dt>
        <dd>{member.externalMemberId ?? nothing}</dd>
        <dt>{f('lastVisitAt')}</dt>
        <dd>{member.lastVisitAt ? formatDate(member.lastVisitAt) : t('memberPages.staffUsers.neverVisited')}</dd>
        <dt>{f('createdAt')}</dt>
        <dd>{formatDate(member.createdAt)}</dd>
      </FactList>
      <Inline>
        <Button variant="secondary" size="sm" onPress={() => actions.onEdit(member)}>
          {t('memberPages.staffUsers.edit')}
        </Button>
        {member.status === 'TEMPORARY' && (
          <Button size="sm" onPress={() => actions.onMakeFull(member)}>
            {t('memberPages.staffUsers.makeFull')}
          </Button>
        )}
        {member.status === 'FULL' && (
          <Button size="sm" onPress={() => actions.onRegistration(member)}>
            {t('memberPages.staffUsers.registration')}
          </Button>
        )}
        {member.giftCount > 0 && (
          <Button variant="secondary" size="sm" onPress={() => setConfirm('gift')}>
            {t('memberPages.staffUsers.resetGift')}
          </Button>
        )}
        {member.hasLine && (
          <Button variant="danger" size="sm" onPress={() => setConfirm('line')}>
            {t('memberPages.staffUsers.unlinkLine')}
          </Button>
        )}
      </Inline>
      {member.status !== 'FULL' && (
        <Text tone="muted" size="sm">
          {t('memberPages.staffUsers.registrationFullOnly')}
        </Text>
      )}
      <Stack as="section" gap={3} aria-labelledby="booking-restriction-title" data-testid="booking-restriction">
        <Heading level={3} size="lg" id="booking-restriction-title">
          {t('memberPages.staffUsers.restriction.title')}
        </Heading>
        <FactList>
          <dt>{t('memberPages.staffUsers.restriction.title')}</dt>
          <dd>
            <Badge tone={restriction.restricted ? 'primary' : 'warning'}>
              {restriction.restricted ? t('memberPages.staffUsers.restriction.restricted') : t('memberPages.staffUsers.restriction.open')}
            </Badge>{' '}
            {t('memberPages.staffUsers.restriction.noShows', { count: state.data.noShowCount })}
          </dd>
          {restriction.reason !== '' && (
            <>
              <dt>{t('memberPages.staffUsers.restriction.reason')}</dt>
              <dd>
                {restriction.reason}
                {restriction.since ? ` ・ ${t('memberPages.staffUsers.restriction.since', { date: formatDate(restriction.since) })}` : ''}
                {` ・ ${restriction.by ? t('memberPages.staffUsers.restriction.by', { name: restriction.by }) : t('memberPages.staffUsers.restriction.automatic')}`}
              </dd>
            </>
          )}
        </FactList>
        <Inline align="end">
          <TextField label={t('memberPages.staffUsers.restriction.reasonInput')} value={restrictionReason} onChange={setRestrictionReason} maxLength={200} />
          {restriction.restricted ? (
            <Button size="sm" isDisabled={busy} onPress={() => void setRestriction(false)}>
              {t('memberPages.staffUsers.restriction.lift')}
            </Button>
          ) : (
            <Button variant="danger" size="sm" isDisabled={busy} onPress={() => void setRestriction(true)}>
              {t('memberPages.staffUsers.restriction.set')}
            </Button>
          )}
        </Inline>
        <Text tone="muted" size="sm">
          {t('memberPages.staffUsers.guestLimit.help')}
        </Text>
        <Inline>
          <Button size="sm" isDisabled={busy} onPress={() => setConfirm('guestLimit')}>
            {t('memberPages.staffUsers.guestLimit.clear')}
          </Button>
        </Inline>
      </Stack>
    </Stack>
  );

  const tags =
    allTags === null ? (
      <Spinner label={t('memberPages.common.loading')} />
    ) : allTags.length === 0 ? (
      <EmptyState>{t('memberPages.staffUsers.noTags')}</EmptyState>
    ) : (
      <Stack gap={3}>
        <div role="group" aria-label={t('memberPages.staffUsers.tag')}>
          {allTags.map((tag) => (
            <Checkbox
              key={tag.id}
              isSelected={tagIds.includes(tag.id)}
              onChange={(on) => setTagIds((ids) => (on ? [...ids, tag.id] : ids.filter((x) => x !== tag.id)))}
            >
              {tag.name}
            </Checkbox>
          ))}
        </div>
        <Inline>
          <Button size="sm" isPending={busy} onPress={() => void run(() => api.setTags(member.id, tagIds), t('memberPages.staffUsers.tagsSaved'))}>
            {t('memberPages.staffUsers.tagsSave')}
          </Button>
        </Inline>
      </Stack>
    );

  const checks =
    checkItems.length === 0 ? (
      <EmptyState>{t('memberPages.staffUsers.checksEmpty')}</EmptyState>
    ) : (
      <Stack gap={3}>
        {checkItems.map((item) => (
          <div key={item.id}>
            <Checkbox isSelected={item.checked} onChange={(on) => void tick(item.id, on)}>
              {item.conditionName}
            </Checkbox>
            {item.checkedAt && (
              <Text tone="muted" size="sm">
                {t('memberPages.staffUsers.checkedAt', { date: formatDateTime(item.checkedAt) })}
              </Text>
            )}
          </div>
        ))}
      </Stack>
    );

  const columns = {
    reservations: [
      { key: 'dateTime', label: t('memberPages.staffUsers.columns.dateTime') },
      { key: 'menu', label: t('memberPages.staffUsers.columns.menu') },
      { key: 'status', label: t('memberPages.staffUsers.columns.status') },
    ],
    contracts: [
      { key: 'menu', label: t('memberPages.staffUsers.columns.menu') },
      { key: 'sessions', label: t('memberPages.staffUsers.columns.sessions') },
      { key: 'expires', label: t('memberPages.staffUsers.columns.expires') },
      { key: 'createdAt', label: t('memberPages.staffUsers.columns.createdAt') },
    ],
  };

  const reservationsTab = (
    <Stack gap={3}>
      <Table
        aria-label={t('memberPages.staffUsers.tabs.reservations')}
        columns={columns.reservations}
        rows={reservations}
        rowKey={(r) => r.id}
        emptyText={t('memberPages.staffUsers.reservationsEmpty')}
        renderCell={(r, key) => (key === 'dateTime' ? formatDateTime(r.startsAt) : key === 'menu' ? menuNames(r) : t(`calendarPage.statuses.${r.status}`))}
      />
      <Inline>
        <FormsExportButton userId={member.id} fileName={`forms-${member.userNumber ?? member.id}.json`} />
      </Inline>
    </Stack>
  );

  const contractsTab = (
    <Stack gap={3}>
      <Table
        aria-label={t('memberPages.staffUsers.tabs.contracts')}
        columns={columns.contracts}
        rows={contracts}
        rowKey={(c) => c.id}
        emptyText={t('memberPages.staffUsers.contractsEmpty')}
        renderCell={(c, key) =>
          key === 'menu'
            ? c.menuName
            : key === 'sessions'
              ? t('memberPages.staffUsers.sessions', { remaining: c.sessionsRemaining, total: c.sessionsTotal })
              : key === 'expires'
                ? c.expiresOn
                  ? formatDate(c.expiresOn)
                  : t('memberPages.services.noExpiry')
                : formatDate(c.createdAt)
        }
      />
      <Inline>
        <Button size="sm" onPress={() => actions.onAddContract(member)}>
          {t('memberPages.staffUsers.addContract')}
        </Button>
      </Inline>
    </Stack>
  );

  return (
    <Card title={t('memberPages.staffUsers.panelLabel')}>
      <Stack gap={3}>
        <Stack gap={1}>
          <Inline as="p">
            <strong style={{ fontSize: 'var(--font-size-lg)' }}>{member.name}</strong>
            <Badge tone={member.status === 'FULL' ? 'primary' : 'warning'}>{t(`memberPages.common.memberStatuses.${member.status}`)}</Badge>
          </Inline>
          <Text tone="muted" size="sm">
            {member.kana}
            {member.userNumber ? ` ・ ${t('memberLayout.cardNumber', { userNumber: member.userNumber })}` : ''}
          </Text>
        </Stack>
        <Tabs
          aria-label={t('memberPages.staffUsers.panelLabel')}
          selectedKey={tab}
          onSelectionChange={setTab}
          items={[
            { id: 'profile', label: t('memberPages.staffUsers.tabs.profile'), content: profile },
            { id: 'tags', label: t('memberPages.staffUsers.tabs.tags'), content: tags },
            { id: 'checks', label: t('memberPages.staffUsers.tabs.checks'), content: checks },
            { id: 'reservations', label: t('memberPages.staffUsers.tabs.reservations'), content: reservationsTab },
            { id: 'contracts', label: t('memberPages.staffUsers.tabs.contracts'), content: contractsTab },
            {
              id: 'messages',
              label: t('messageHistory.panelTitle'),
              content: <MessageHistory api={api.messages} clinicId={selectedClinic?.id ?? null} userId={member.id} label={t('messageHistory.panelTitle')} />,
            },
          ]}
        />
      </Stack>
      <ConfirmDialog
        isOpen={confirm !== null}
        message={
          confirm === 'gift'
            ? t('memberPages.staffUsers.resetGiftConfirm')
            : confirm === 'guestLimit'
              ? t('memberPages.staffUsers.guestLimit.confirm')
              : t('memberPages.staffUsers.unlinkLineConfirm')
        }
        tone={confirm === 'line' ? 'danger' : 'primary'}
        isPending={busy}
        onConfirm={() =>
          void (confirm === 'gift'
            ? run(() => api.resetGift(member.id), t('memberPages.staffUsers.giftReset'))
            : confirm === 'guestLimit'
              ? clearGuestLimit()
              : run(() => api.unlinkLine(member.id), t('memberPages.staffUsers.lineUnlinked')))
        }
        onCancel={() => setConfirm(null)}
      />
    </Card>
  );
}

type FieldKey =
  | 'userNumber'
  | 'name'
  | 'kana'
  | 'phone'
  | 'email'
  | 'birthday'
  | 'gender'
  | 'clinic'
  | 'status'
  | 'introducer'
  | 'introducerUserNumber'
  | 'giftCount'
  | 'line'
  | 'language'
  | 'externalMemberId'
  | 'password'
  | 'createdAt'
  | 'lastVisitAt';

function fieldLabel(t: ReturnType<typeof useT>, key: FieldKey): string {
  return t(`memberPages.staffUsers.fields.${key}`);
}
