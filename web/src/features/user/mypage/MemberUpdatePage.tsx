import { Card, EmptyState, Heading, PageHeader, Stack, Text } from '@clinic/ui-kit';
import { useMemo } from 'react';
import { useT } from '../../../i18n';
import { useHttp } from '../../../shared/api/HttpContext';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { memberApi } from '../member.api';
import { longDateLabel } from '../member-time';
import { LoadError, Loading } from './parts';
import { useLoad, useReloadKey } from '../../../shared/useLoad';

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
          <EmptyState>{t('memberPages.update.empty')}</EmptyState>
        ) : (
          <Stack as="ul" gap={3}>
            {state.data.map((item) => (
              <Card as="li" accent="primary" key={item.id}>
                <Stack gap={2}>
                  <Heading level={2} size="md">
                    {item.title}
                  </Heading>
                  <Text tone="muted" size="sm">
                    {t('memberPages.update.published', { date: longDateLabel(item.publishedFrom.slice(0, 10)) })}
                  </Text>
                  <Text preserveLineBreaks>{item.body}</Text>
                </Stack>
              </Card>
            ))}
          </Stack>
        ))}
    </section>
  );
}
