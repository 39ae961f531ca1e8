import { FactList, PageHeader } from '@clinic/ui-kit';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { useHttp } from '../../../shared/api/HttpContext';
import { HttpError } from '../../../shared/api/http';
import { LinkButton } from '../../../shared/ui/LinkButton';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { useLoad } from '../../../shared/useLoad';
import { memberApi, reservationMenuNames } from '../member.api';
import { longDateLabel } from '../member-time';
import { tokyoTime } from '../../../shared/booking';
import { Actions, Alert, Loading } from './parts';

const Box = styled.div`
  display: grid;
  gap: var(--space-4);
  padding: var(--space-5) var(--space-4);
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-top: 4px solid var(--color-success);
  border-radius: var(--radius-lg);

  p {
    margin: 0;
  }
`;

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
        <Alert role="alert" data-code={state.error instanceof HttpError ? state.error.code : undefined}>
          <p>{state.error instanceof HttpError ? state.error.notice.text : t('errors.http.unexpected')}</p>
        </Alert>
      )}
      {state.status === 'ready' && (
        <Box role="status" data-testid="visit-confirmed">
          <p>
            <strong>{t('memberPages.visitConfirm.done')}</strong>
          </p>
          <p>{t('memberPages.visitConfirm.body')}</p>
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
        </Box>
      )}
      <Actions style={{ marginTop: 'var(--space-5)' }}>
        <LinkButton data-variant="primary" to="/user/mypage/services/">
          {t('memberPages.done.toServices')}
        </LinkButton>
      </Actions>
    </section>
  );
}
