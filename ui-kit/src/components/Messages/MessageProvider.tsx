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

/** What removes a message after its duration: the page's own timers, or a clock a test controls. */
export interface MessageTimer {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const PAGE_TIMER: MessageTimer = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface MessageProviderProps {
  children?: ReactNode;
  dismissLabel?: string;
  regionLabel?: string;
  defaultDurationMs?: number;
  /** The page's timers by default; a test passes one it controls, so no message vanishes before it is read. */
  timer?: MessageTimer;
}

/** Holds the current messages, renders them in a fixed region and removes each after its duration. */
export function MessageProvider({
  children,
  dismissLabel = '閉じる',
  regionLabel = 'お知らせ',
  defaultDurationMs = 5000,
  timer = PAGE_TIMER,
}: MessageProviderProps) {
  const [messages, setMessages] = useState<Message[]>([]);
  const timers = useRef(new Map<string, unknown>());
  const counter = useRef(0);

  const dismiss = useCallback(
    (id: string) => {
      const handle = timers.current.get(id);
      if (handle !== undefined) timer.clear(handle);
      timers.current.delete(id);
      setMessages((list) => list.filter((m) => m.id !== id));
    },
    [timer],
  );

  const show = useCallback(
    ({ text, tone = 'info', durationMs = defaultDurationMs }: ShowMessage) => {
      counter.current += 1;
      const id = `message-${counter.current}`;
      setMessages((list) => [...list, { id, text, tone }]);
      if (Number.isFinite(durationMs) && durationMs > 0) {
        timers.current.set(
          id,
          timer.set(() => dismiss(id), durationMs),
        );
      }
      return id;
    },
    [defaultDurationMs, dismiss, timer],
  );

  useEffect(() => {
    const map = timers.current;
    return () => {
      for (const handle of map.values()) timer.clear(handle);
      map.clear();
    };
  }, [timer]);

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
