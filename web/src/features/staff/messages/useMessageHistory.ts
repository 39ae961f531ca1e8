import { useMessages } from '@clinic/ui-kit';
import { useState } from 'react';
import { useT } from '../../../i18n';
import { useLoad } from '../../../shared/useLoad';
import type { MessageFilter, MessagesApi, StaffMessage } from './messages.api';

/** Loads the messages of a filter (null: nothing to load) and resends one, reloading after it. */
export function useMessageHistory(api: MessagesApi, filter: MessageFilter | null) {
  const t = useT();
  const notices = useMessages();
  const [version, setVersion] = useState(0);
  const [resending, setResending] = useState<string | null>(null);
  const state = useLoad(() => (filter ? api.list(filter) : Promise.resolve(null)), [api, filter?.clinicId, filter?.userId, filter?.reservationId, filter?.status, version], {
    keepWhileReloading: true,
  });

  const resend = async (message: StaffMessage) => {
    setResending(message.id);
    try {
      await api.resend(message.id);
      notices.show({ text: t('messageHistory.resent'), tone: 'success' });
      setVersion((v) => v + 1);
    } catch {
      // The HTTP client has announced the failure.
    } finally {
      setResending(null);
    }
  };

  return { state, resending, resend, reload: () => setVersion((v) => v + 1) };
}
