import { Badge, Button, Text } from '@clinic/ui-kit';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { tokyoParts } from '../staffs/schedule-time';
import type { StaffMessage } from './messages.api';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: var(--space-1) var(--space-3);
  padding: var(--space-2) 0;
  border-bottom: 1px solid var(--color-border);
  &:last-child {
    border-bottom: none;
  }
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: var(--space-1) var(--space-2);
  strong {
    font-weight: 600;
  }
`;

const Detail = styled.div`
  grid-column: 1 / 2;
  color: var(--color-muted);
  font-size: var(--font-size-xs);
  overflow-wrap: anywhere;
`;

const ErrorText = styled.div`
  grid-column: 1 / -1;
  color: var(--color-danger);
  font-size: var(--font-size-xs);
  overflow-wrap: anywhere;
`;

const Action = styled.div`
  grid-column: 2;
  grid-row: 1 / span 2;
  align-self: center;
`;

const stamp = (instant: string) => {
  const { date, time } = tokyoParts(instant);
  return `${date.replaceAll('-', '/')} ${time}`;
};

export interface MessageListProps {
  messages: readonly StaffMessage[];
  'aria-label': string;
  /** The id of the message being resent, if any. */
  resending?: string | null;
  onResend?: (message: StaffMessage) => void;
}

/**
 * A compact list of messages: kind, status, channel and recipient, the scheduled or sent time,
 * the attempts and the last error, with 再送 where the server would accept it. Shared by 送信履歴 and the
 * member and reservation panels.
 */
export function MessageList({ messages, 'aria-label': label, resending = null, onResend }: MessageListProps) {
  const t = useT();
  if (messages.length === 0) return <Text tone="muted">{t('messageHistory.empty')}</Text>;
  return (
    <List aria-label={label}>
      {messages.map((message) => {
        const kind = t(`messageHistory.kinds.${message.kind}`);
        // The server says whether a resend would be accepted now (FAILED, or sent 10 minutes ago or more, visit still live).
        const resendable = onResend && message.resendable;
        return (
          <Row key={message.id} data-testid="message-row" data-status={message.status}>
            <Head>
              <strong>{kind}</strong>
              <Badge variant="outline" tone={message.status === 'FAILED' ? 'danger' : message.status === 'SENT' ? 'success' : 'neutral'}>
                {t(`messageHistory.statuses.${message.status}`)}
              </Badge>
              <span>{t(`messageHistory.channels.${message.channel}`)}</span>
            </Head>
            <Detail>
              {t('messageHistory.to')}: {message.to}
              {' ・ '}
              {message.sentAt ? `${t('messageHistory.sentAt')}: ${stamp(message.sentAt)}` : `${t('messageHistory.scheduledAt')}: ${stamp(message.scheduledAt)}`}
              {' ・ '}
              {t('messageHistory.attempts', { count: message.attempts })}
            </Detail>
            {resendable && (
              <Action>
                <Button
                  size="sm"
                  variant={message.status === 'FAILED' ? 'primary' : 'secondary'}
                  isPending={resending === message.id}
                  isDisabled={resending !== null && resending !== message.id}
                  aria-label={t('messageHistory.resendLabel', { kind, to: message.to })}
                  onPress={() => onResend(message)}
                >
                  {t('messageHistory.resend')}
                </Button>
              </Action>
            )}
            {message.lastError && (
              <ErrorText>
                {t('messageHistory.lastError')}: {message.lastError}
              </ErrorText>
            )}
          </Row>
        );
      })}
    </List>
  );
}
