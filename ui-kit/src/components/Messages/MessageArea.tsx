import { DismissButton, Item, Region, Text } from './Messages.styles';

export type MessageTone = 'success' | 'error' | 'info' | 'warning';

export interface Message {
  id: string;
  text: string;
  tone: MessageTone;
}

export interface MessageAreaProps {
  messages: readonly Message[];
  onDismiss: (id: string) => void;
  dismissLabel?: string;
  /** Accessible name of the fixed region. */
  label?: string;
}

/** Presentational list of messages in a fixed region: errors are `alert`, the rest `status`. */
export function MessageArea({ messages, onDismiss, dismissLabel = '閉じる', label = 'お知らせ' }: MessageAreaProps) {
  return (
    <Region aria-label={label} role="group" data-react-aria-top-layer="true">
      {messages.map((m) => (
        <Item key={m.id} data-tone={m.tone} role={m.tone === 'error' ? 'alert' : 'status'}>
          <Text>{m.text}</Text>
          <DismissButton aria-label={dismissLabel} onClick={() => onDismiss(m.id)}>
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </DismissButton>
        </Item>
      ))}
    </Region>
  );
}
