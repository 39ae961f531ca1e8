import { Card, PageHeader, Select, Spinner, Stack, Text } from '@clinic/ui-kit';
import { useMemo, useState } from 'react';
import { useHttp } from '../../../shared/api/HttpContext';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { useStaffSession } from '../StaffSessionContext';
import { MessageList } from './MessageList';
import { MESSAGE_STATUSES, messagesApi, type MessageStatus } from './messages.api';
import { useMessageHistory } from './useMessageHistory';

const Filter = styled.div`
  max-width: 16rem;
`;

const ALL = 'ALL';

/** `/staff/messages/` (送信履歴): the messages of the selected clinic, the failed ones in a section of their own on top. */
export function StaffMessagesPage() {
  const t = useT();
  const { selectedClinic } = useStaffSession();
  const clinicId = selectedClinic?.id ?? null;
  const [status, setStatus] = useState<MessageStatus | typeof ALL>(ALL);
  useDocumentTitle(t('messageHistory.title'));

  const http = useHttp();
  const api = useMemo(() => messagesApi(http), [http]);
  const failed = useMessageHistory(api, clinicId ? { clinicId, status: 'FAILED' } : null);
  const all = useMessageHistory(api, clinicId ? { clinicId, ...(status === ALL ? {} : { status }) } : null);
  const statusItems = useMemo(
    () => [{ id: ALL, label: t('messageHistory.statusAll') }, ...MESSAGE_STATUSES.map((s) => ({ id: s, label: t(`messageHistory.statuses.${s}`) }))],
    [t],
  );

  // A resend in either list changes both.
  const resend = (list: typeof failed) => (message: Parameters<typeof failed.resend>[0]) =>
    void list.resend(message).then(() => {
      failed.reload();
      all.reload();
    });

  const body = (list: typeof failed, label: string, empty?: string) => {
    if (!clinicId) return <Text tone="muted">{t('messageHistory.noClinic')}</Text>;
    if (list.state.status === 'loading') return <Spinner label={t('messageHistory.loading')} />;
    if (list.state.status === 'failed' || !list.state.data)
      return (
        <Text tone="muted" role="alert">
          {t('messageHistory.loadFailed')}
        </Text>
      );
    if (empty && list.state.data.length === 0) return <Text tone="muted">{empty}</Text>;
    return <MessageList aria-label={label} messages={list.state.data} resending={list.resending} onResend={resend(list)} />;
  };

  return (
    <>
      <PageHeader title={t('messageHistory.title')} />
      <Stack gap={6}>
        <Text tone="muted">{t('messageHistory.lead')}</Text>
        <Stack gap={5}>
          <Card title={t('messageHistory.failedTitle')}>
            <Stack gap={2}>
              {failed.state.status === 'ready' && (failed.state.data?.length ?? 0) > 0 && <Text tone="muted">{t('messageHistory.failedLead')}</Text>}
              {body(failed, t('messageHistory.failedListLabel'), t('messageHistory.noFailed'))}
            </Stack>
          </Card>
          <Card title={t('messageHistory.allTitle')}>
            <Stack gap={3}>
              <Filter>
                <Select
                  label={t('messageHistory.statusFilter')}
                  items={statusItems}
                  selectedKey={status}
                  onSelectionChange={(key) => setStatus(key as MessageStatus | typeof ALL)}
                />
              </Filter>
              {body(all, t('messageHistory.listLabel'))}
            </Stack>
          </Card>
        </Stack>
      </Stack>
    </>
  );
}
