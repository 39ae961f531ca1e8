import { Spinner } from '@clinic/ui-kit';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { MessageList } from './MessageList';
import { failedFirst, type MessagesApi } from './messages.api';
import { useMessageHistory } from './useMessageHistory';

const Muted = styled.p`
  margin: 0;
  color: var(--color-muted);
`;

/** 送信履歴 of one member or one reservation, for the member and reservation panels. */
export function MessageHistory(props: { api: MessagesApi; clinicId: string | null; userId?: string; reservationId?: string; label: string }) {
  const t = useT();
  const { clinicId, userId, reservationId } = props;
  const { state, resending, resend } = useMessageHistory(props.api, clinicId ? { clinicId, userId, reservationId } : null);
  if (!clinicId) return <Muted>{t('messageHistory.noClinic')}</Muted>;
  if (state.status === 'loading') return <Spinner label={t('messageHistory.loading')} />;
  if (state.status === 'failed' || !state.data) return <Muted role="alert">{t('messageHistory.loadFailed')}</Muted>;
  return <MessageList aria-label={props.label} messages={failedFirst(state.data)} resending={resending} onResend={(m) => void resend(m)} />;
}
