import { Badge, Button, Callout, Card, ConfirmDialog, EmptyState, Grid, Heading, Inline, PageHeader, Stack, Text } from '@clinic/ui-kit';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../../i18n';
import { useHttp } from '../../../shared/api/HttpContext';
import { HttpError } from '../../../shared/api/http';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { useLoad, useReloadKey } from '../../../shared/useLoad';
import { memberApi, type MemberApi, type WaitlistEntry } from '../member.api';
import { longDateLabel } from '../member-time';
import { tokyoTime } from '../../../shared/booking';
import { useMemberSession } from '../MemberSessionContext';
import { LoadError, Loading, errorText } from './parts';

/**
 * The member's キャンセル待ち: each entry with its days and times; an offered time with its
 * deadline, to book or decline; a waiting entry to leave. The link of an offer message opens it.
 */
export function WaitlistList(props: { api: MemberApi; withHeading?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const { clinic } = useMemberSession();
  const [reloadKey, reload] = useReloadKey();
  const state = useLoad(() => props.api.waitlist(), [props.api], { reloadKey });
  const [pending, setPending] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ entry: WaitlistEntry; action: 'decline' | 'cancel' } | null>(null);
  const [notice, setNotice] = useState<{ text: string; phone: string; tone: 'error' | 'success' } | null>(null);
  const entries =
    state.status === 'ready'
      ? state.data.filter((entry) => entry.status === 'WAITING' || entry.status === 'OFFERED' || entry.status === 'BOOKED').slice(0, 20)
      : [];

  async function accept(entry: WaitlistEntry) {
    setPending(entry.id);
    setNotice(null);
    try {
      const reservation = await props.api.acceptOffer(entry.id);
      void navigate('/user/mypage/reserve/done/', { state: { reservation, menuName: entry.menuName } });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      setNotice({ text: errorText(error, error.notice.text), phone: error.code === 'ONLINE_BOOKING_RESTRICTED' ? (clinic.phone ?? '') : '', tone: 'error' });
      reload();
    } finally {
      setPending(null);
    }
  }

  async function end(entry: WaitlistEntry, action: 'decline' | 'cancel') {
    setPending(entry.id);
    try {
      if (action === 'decline') await props.api.declineOffer(entry.id);
      else await props.api.leaveWaitlist(entry.id);
      setNotice({ text: action === 'decline' ? t('memberPages.waitlist.declined') : t('memberPages.waitlist.cancelled'), phone: '', tone: 'success' });
    } finally {
      setPending(null);
      setConfirming(null);
      reload();
    }
  }

  const withHeading = props.withHeading ?? true;
  return (
    <Stack
      as="section"
      gap={3}
      {...(withHeading ? { 'aria-labelledby': 'waitlist-heading' } : { 'aria-label': t('memberPages.waitlist.listTitle') })}
      data-testid="member-waitlist"
    >
      {withHeading && (
        <Heading level={2} id="waitlist-heading">
          {t('memberPages.waitlist.listTitle')}
        </Heading>
      )}
      {notice && (
        <Callout role={notice.tone === 'error' ? 'alert' : 'status'} tone={notice.tone === 'error' ? 'danger' : 'success'}>
          <p>{notice.text}</p>
          {notice.phone && (
            <p>
              <a href={`tel:${notice.phone.replace(/[^\d+]/g, '')}`}>{t('memberPages.common.callClinic', { phone: notice.phone })}</a>
            </p>
          )}
        </Callout>
      )}
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <LoadError error={state.error} onRetry={reload} />}
      {state.status === 'ready' && entries.length === 0 && <EmptyState>{t('memberPages.waitlist.empty')}</EmptyState>}
      {entries.length > 0 && (
        <Grid as="ul" gap={3} aria-label={t('memberPages.waitlist.listTitle')}>
          {entries.map((entry) => (
            <Card as="li" key={entry.id} data-waitlist-entry={entry.id}>
              <Stack gap={2}>
                <Heading level={3}>{entry.menuName}</Heading>
                <Badge tone="primary">{t(`memberPages.waitlist.statuses.${entry.status}`)}</Badge>
                <Text tone="muted" size="sm">
                  {t('memberPages.waitlist.days', { from: longDateLabel(entry.from), to: longDateLabel(entry.to) })}
                  {' / '}
                  {t('memberPages.waitlist.times', {
                    times:
                      entry.times.length === 0
                        ? t('memberPages.waitlist.wholeDay')
                        : entry.times.map((range) => t('memberPages.common.timeRange', { start: range.start, end: range.end })).join(', '),
                  })}
                </Text>
                {entry.offer && (
                  <Text data-testid="waitlist-offer">
                    <strong>
                      {t('memberPages.waitlist.offer', {
                        date: longDateLabel(entry.offer.startsAt),
                        time: tokyoTime(entry.offer.startsAt),
                        until: `${longDateLabel(entry.offer.expiresAt)} ${tokyoTime(entry.offer.expiresAt)}`,
                      })}
                    </strong>
                  </Text>
                )}
                <Inline grow="phone" align="stretch">
                  {entry.status === 'OFFERED' && (
                    <>
                      <Button isPending={pending === entry.id} pendingLabel={t('memberPages.waitlist.accepting')} onPress={() => void accept(entry)}>
                        {t('memberPages.waitlist.accept')}
                      </Button>
                      <Button variant="secondary" isDisabled={pending === entry.id} onPress={() => setConfirming({ entry, action: 'decline' })}>
                        {t('memberPages.waitlist.decline')}
                      </Button>
                    </>
                  )}
                  {entry.status === 'WAITING' && (
                    <Button variant="secondary" isDisabled={pending === entry.id} onPress={() => setConfirming({ entry, action: 'cancel' })}>
                      {t('memberPages.waitlist.cancel')}
                    </Button>
                  )}
                </Inline>
              </Stack>
            </Card>
          ))}
        </Grid>
      )}
      <ConfirmDialog
        isOpen={confirming !== null}
        title={confirming?.action === 'decline' ? t('memberPages.waitlist.decline') : t('memberPages.waitlist.cancel')}
        message={
          confirming?.action === 'decline'
            ? t('memberPages.waitlist.declineConfirm')
            : t('memberPages.waitlist.cancelConfirm', { menu: confirming?.entry.menuName ?? '' })
        }
        confirmLabel={confirming?.action === 'decline' ? t('memberPages.waitlist.decline') : t('memberPages.waitlist.cancel')}
        cancelLabel={t('memberPages.common.back')}
        onConfirm={() => confirming && void end(confirming.entry, confirming.action)}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}

/** /user/mypage/waitlist/: the member's waitlist on its own page (the link of an offer). */
export function MemberWaitlistPage() {
  const t = useT();
  const http = useHttp();
  const api = useMemo(() => memberApi(http), [http]);
  useDocumentTitle(t('memberPages.waitlist.listTitle'));
  return (
    <section>
      <PageHeader title={t('memberPages.waitlist.listTitle')} />
      <WaitlistList api={api} withHeading={false} />
    </section>
  );
}
