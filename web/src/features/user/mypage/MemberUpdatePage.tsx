import { PageHeader } from '@clinic/ui-kit';
import { useMemo } from 'react';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { useHttp } from '../../../shared/api/HttpContext';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { memberApi } from '../member.api';
import { longDateLabel } from '../member-time';
import { Empty, LoadError, Loading, Meta } from './parts';
import { useLoad, useReloadKey } from '../../../shared/useLoad';

const List = styled.ul`
  display: grid;
  gap: var(--space-3);
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Notice = styled.li`
  padding: var(--space-4);
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-left: 4px solid var(--color-primary);
  border-radius: var(--radius-md);

  h2 {
    margin: 0 0 var(--space-1);
    font-size: var(--font-size-md);
    overflow-wrap: anywhere;
  }
  p {
    margin: var(--space-2) 0 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

/** /user/mypage/update/: the clinic's and the chain's announcements, newest first. */
export function MemberUpdatePage() {
  const t = useT();
  const http = useHttp();
  const api = useMemo(() => memberApi(http), [http]);
  const title = t('pages.user.update.title');
  useDocumentTitle(title);
  const [reloadKey, reload] = useReloadKey();
  const state = useLoad(() => api.announcements(), [api], { reloadKey });

  return (
    <section>
      <PageHeader title={title} />
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <LoadError error={state.error} onRetry={reload} />}
      {state.status === 'ready' &&
        (state.data.length === 0 ? (
          <Empty>{t('memberPages.update.empty')}</Empty>
        ) : (
          <List>
            {state.data.map((item) => (
              <Notice key={item.id}>
                <h2>{item.title}</h2>
                <Meta>{t('memberPages.update.published', { date: longDateLabel(item.publishedFrom.slice(0, 10)) })}</Meta>
                <p>{item.body}</p>
              </Notice>
            ))}
          </List>
        ))}
    </section>
  );
}
