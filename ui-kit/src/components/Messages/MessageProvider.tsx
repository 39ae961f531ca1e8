import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { MessageArea, type Message, type MessageTone } from './MessageArea';

export interface ShowMessage {
  text: string;
  tone?: MessageTone;
  /** Milliseconds before the message disappears by itself (default 5000). */
  durationMs?: number;
}

export interface MessagesApi {
  /** Shows a message and returns its id. */
  show: (msg: ShowMessage) => string;
  dismiss: (id: string) => void;
}

const MessagesContext = createContext<MessagesApi | null>(null);

export interface MessageProviderProps {
  children?: ReactNode;
  dismissLabel?: string;
  regionLabel?: string;
  defaultDurationMs?: number;
}

/** Holds the current messages, renders them in a fixed region and removes each after its duration. */
export function MessageProvider({ children, dismissLabel = '閉じる', regionLabel = 'お知らせ', defaultDurationMs = 5000 }: MessageProviderProps) {
  const [messages, setMessages] = useState<Message[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const counter = useRef(0);

  const dismiss = useCallback((id: string) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(id);
    setMessages((list) => list.filter((m) => m.id !== id));
  }, []);

  const show = useCallback(
    ({ text, tone = 'info', durationMs = defaultDurationMs }: ShowMessage) => {
      counter.current += 1;
      const id = `message-${counter.current}`;
      setMessages((list) => [...list, { id, text, tone }]);
      if (Number.isFinite(durationMs) && durationMs > 0) {
        timers.current.set(
          id,
          setTimeout(() => dismiss(id), durationMs),
        );
      }
      return id;
    },
    [defaultDurationMs, dismiss],
  );

  useEffect(() => {
    const map = timers.current;
    return () => {
      for (const timer of map.values()) clearTimeout(timer);
      map.clear();
    };
  }, []);

  const api = useMemo<MessagesApi>(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <MessagesContext.Provider value={api}>
      {children}
      <MessageArea messages={messages} onDismiss={dismiss} dismissLabel={dismissLabel} label={regionLabel} />
    </MessagesContext.Provider>
  );
}

/** Access to the nearest `MessageProvider`. */
export function useMessages(): MessagesApi {
  const api = useContext(MessagesContext);
  if (!api) throw new Error('useMessages() は MessageProvider の内側で使ってください。');
  return api;
}
