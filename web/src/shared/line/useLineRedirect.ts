import { useMessages } from '@clinic/ui-kit';
import { useState } from 'react';
import { useT } from '../../i18n';
import type { LineStarted } from './line-login';
import { lineFailureText } from './line-login';

/**
 * Starts a LINE flow (login or link) and sends the browser to LINE's authorization page; a
 * refusal is shown as a message (the server's words, in the person's language) and the button
 * becomes usable again.
 */
export function useLineRedirect(begin: () => Promise<LineStarted>): { pending: boolean; start: () => Promise<void> } {
  const t = useT();
  const messages = useMessages();
  const [pending, setPending] = useState(false);

  async function start() {
    setPending(true);
    try {
      const { authorizationUrl } = await begin();
      window.location.assign(authorizationUrl);
    } catch (error) {
      messages.show({ text: lineFailureText(error, t), tone: 'error', durationMs: 5_000 });
      setPending(false);
    }
  }

  return { pending, start };
}
