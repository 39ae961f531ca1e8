import { Callout, Card, FactList, Inline, PageHeader, Stack, Text } from '@clinic/ui-kit';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useT } from '../../../i18n';
import { useHttp } from '../../../shared/api/HttpContext';
import { HttpError } from '../../../shared/api/http';
import { LinkButton } from '../../../shared/ui/LinkButton';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { useLoad } from '../../../shared/useLoad';
import { memberApi, reservationMenuNames } from '../member.api';
import { longDateLabel } from '../member-time';
import { tokyoTime } from '../../../shared/booking';
import { Loading } from './parts';

/**
 * `/user/reservations/:id/confirm/`: the link of a reminder. Opening it confirms the visit (the
 * call is idempotent: a second visit of the link keeps the first time) and shows the visit.
 */
export function MemberVisitConfirmPage() {
  const t = useT();
  const http = useHttp();
  const api = useMemo(() => memberApi(http), [http]);
  const { id = '' } = useParams();
  useDocumentTitle(t('memberPages.visitConfirm.title'));
  const state = useLoad(() => api.confirmVisit(id), [api, id]);

  return (
    <section>
      <PageHeader title={t('memberPages.visitConfirm.title')} />
      {state.status === 'loading' && <Loading label={t('memberPages.visitConfirm.confirming')} />}
      {state.status === 'failed' && !(state.error instanceof HttpError && state.error.notice.redirectTo) && (
        <Callout role="alert" data-code={state.error instanceof HttpError ? state.error.code : undefined}>
          <p>{state.error instanceof HttpError ? state.error.notice.text : t('errors.http.unexpected')}</p>
        </Callout>
      )}
      {state.status === 'ready' && (
        <Card as="div" accent="success" spacious role="status" data-testid="visit-confirmed">
          <Stack gap={4}>
            <Text>
              <strong>{t('memberPages.visitConfirm.done')}</strong>
            </Text>
            <Text>{t('memberPages.visitConfirm.body')}</Text>
            <FactList emphasis>
              <dt>{t('memberPages.reserve.menu')}</dt>
              <dd>{reservationMenuNames(state.data)}</dd>
              <dt>{t('memberPages.reserve.dateTime')}</dt>
              <dd>
                {t('memberPages.common.dateTime', {
                  date: longDateLabel(state.data.startsAt),
                  time: t('memberPages.common.timeRange', { start: tokyoTime(state.data.startsAt), end: tokyoTime(state.data.endsAt) }),
                })}
              </dd>
            </FactList>
          </Stack>
        </Card>
      )}
      <Inline grow="phone" align="stretch" style={{ marginTop: 'var(--space-5)' }}>
        <LinkButton data-variant="primary" to="/user/mypage/services/">
          {t('memberPages.done.toServices')}
        </LinkButton>
      </Inline>
    </section>
  );
}
