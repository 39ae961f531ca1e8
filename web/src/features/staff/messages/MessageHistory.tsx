import { Spinner, Text } from '@clinic/ui-kit';
import { useT } from '../../../i18n';
import { MessageList } from './MessageList';
import { failedFirst, type MessagesApi } from './messages.api';
import { useMessageHistory } from './useMessageHistory';

/** 送信履歴 of one member or one reservation, for the member and reservation panels. */
export function MessageHistory(props: { api: MessagesApi; clinicId: string | null; userId?: string; reservationId?: string; label: string }) {
  const t = useT();
  const { clinicId, userId, reservationId } = props;
  const { state, resending, resend } = useMessageHistory(props.api, clinicId ? { clinicId, userId, reservationId } : null);
  if (!clinicId) return <Text tone="muted">{t('messageHistory.noClinic')}</Text>;
  if (state.status === 'loading') return <Spinner label={t('messageHistory.loading')} />;
  if (state.status === 'failed' || !state.data)
    return (
      <Text tone="muted" role="alert">
        {t('messageHistory.loadFailed')}
      </Text>
    );
  return <MessageList aria-label={props.label} messages={failedFirst(state.data)} resending={resending} onResend={(m) => void resend(m)} />;
}
