import { Button, Callout, Card, Heading, Inline, Select, Stack, Text } from '@clinic/ui-kit';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../../i18n';
import { HttpError } from '../../../shared/api/http';
import type { MemberApi } from '../member.api';
import { longDateLabel } from '../member-time';
import { addDays } from '../../../shared/booking';
import { errorText } from './parts';

const ANY = 'any';
/** Start times offered for the range: on the hour, 09:00 to 21:00. */
const HOURS = Array.from({ length: 13 }, (_, i) => `${String(9 + i).padStart(2, '0')}:00`);

/**
 * キャンセル待ちに登録 on the member booking screen, below the days and times: the menu chosen,
 * a date range in the 30-day window and, optionally, a range of start times. A refusal (a
 * restriction names the clinic's phone) is shown here.
 */
export function WaitlistJoin(props: {
  api: MemberApi;
  clinicId: string;
  clinicPhone: string;
  menuId: string;
  window30: { from: string; to: string };
  day: string | null;
}) {
  const t = useT();
  const days = useMemo(() => {
    const list: string[] = [];
    for (let d = props.window30.from; d <= props.window30.to; d = addDays(d, 1)) list.push(d);
    return list.map((d) => ({ id: d, label: longDateLabel(d) }));
  }, [props.window30]);
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState(props.day ?? props.window30.from);
  const [to, setTo] = useState(props.day ?? props.window30.from);
  const [timeFrom, setTimeFrom] = useState(ANY);
  const [timeTo, setTimeTo] = useState(ANY);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<'WAITING' | 'OFFERED' | null>(null);
  const [refusal, setRefusal] = useState<{ text: string; phone: string } | null>(null);
  const hourItems = [{ id: ANY, label: t('memberPages.waitlist.anyTime') }, ...HOURS.map((h) => ({ id: h, label: h }))];

  async function submit() {
    setPending(true);
    setRefusal(null);
    const times =
      timeFrom !== ANY && timeTo !== ANY && timeFrom < timeTo
        ? [{ start: timeFrom, end: timeTo }]
        : timeFrom !== ANY && timeTo === ANY
          ? [{ start: timeFrom, end: '23:59' }]
          : [];
    try {
      const entry = await props.api.joinWaitlist({
        clinicId: props.clinicId,
        menuId: props.menuId,
        from: from <= to ? from : to,
        to: from <= to ? to : from,
        times,
      });
      setDone(entry.status === 'OFFERED' ? 'OFFERED' : 'WAITING');
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      setRefusal({ text: errorText(error, error.notice.text), phone: error.code === 'ONLINE_BOOKING_RESTRICTED' ? props.clinicPhone : '' });
    } finally {
      setPending(false);
    }
  }

  if (done) {
    return (
      <Callout role="status" tone="success" data-testid="waitlist-joined">
        <p>{done === 'OFFERED' ? t('memberPages.waitlist.joinedOffered') : t('memberPages.waitlist.joined')}</p>
        <p>
          <Link to="/user/mypage/waitlist/">{t('memberPages.waitlist.toList')}</Link>
        </p>
      </Callout>
    );
  }
  return (
    <section aria-labelledby="waitlist-join-title" data-testid="waitlist-join">
      <Heading level={2} size="md" id="waitlist-join-title">
        {t('memberPages.waitlist.joinTitle')}
      </Heading>
      <Text tone="muted" size="sm">
        {t('memberPages.waitlist.joinLead')}
      </Text>
      {!open ? (
        <Inline grow="phone" align="stretch">
          <Button variant="secondary" onPress={() => setOpen(true)}>
            {t('memberPages.waitlist.open')}
          </Button>
        </Inline>
      ) : (
        <Card
          as="form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap={4}>
            <Select
              label={t('memberPages.waitlist.from')}
              items={days}
              selectedKey={from}
              onSelectionChange={setFrom}
              description={t('memberPages.waitlist.dateHint')}
            />
            <Select label={t('memberPages.waitlist.to')} items={days} selectedKey={to} onSelectionChange={setTo} />
            <Select label={t('memberPages.waitlist.timeFrom')} items={hourItems} selectedKey={timeFrom} onSelectionChange={setTimeFrom} />
            <Select label={t('memberPages.waitlist.timeTo')} items={hourItems} selectedKey={timeTo} onSelectionChange={setTimeTo} />
            {refusal && (
              <Callout role="alert">
                <p>{refusal.text}</p>
                {refusal.phone && (
                  <p>
                    <a href={`tel:${refusal.phone.replace(/[^\d+]/g, '')}`}>{t('memberPages.common.callClinic', { phone: refusal.phone })}</a>
                  </p>
                )}
              </Callout>
            )}
            <Inline grow="phone" align="stretch">
              <Button type="submit" isPending={pending} pendingLabel={t('memberPages.waitlist.submitting')}>
                {t('memberPages.waitlist.submit')}
              </Button>
            </Inline>
          </Stack>
        </Card>
      )}
    </section>
  );
}
