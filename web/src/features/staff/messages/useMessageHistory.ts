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
  // Callers build the filter on every render: it is loaded again only when one of its fields changes.
  const clinicId = filter?.clinicId;
  const { userId, reservationId, status } = filter ?? {};
  const state = useLoad(
    () => (clinicId ? api.list({ clinicId, userId, reservationId, status }) : Promise.resolve(null)),
    [api, clinicId, userId, reservationId, status],
    { keepWhileReloading: true, reloadKey: version },
  );

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
