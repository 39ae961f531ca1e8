import { Button, Dialog, Inline, Text, TextField, useMessages } from '@clinic/ui-kit';
import { useT } from '../../../i18n';
import type { InvitationLink } from './staffs.api';

/** The invitation link of a staff member without a password, to pass on by hand if the mail is lost. */
export function InvitationDialog({ invitation, onClose }: { invitation: InvitationLink | null; onClose: () => void }) {
  const t = useT();
  const messages = useMessages();

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      messages.show({ text: t('staffsPage.messages.copied'), tone: 'success' });
    } catch {
      messages.show({ text: t('staffsPage.messages.copyFailed'), tone: 'error' });
    }
  }

  return (
    <Dialog
      title={t('staffsPage.invitation.title')}
      isOpen={invitation !== null}
      onOpenChange={(open) => !open && onClose()}
      footer={
        invitation && (
          <Inline justify="end">
            <Button variant="secondary" onPress={onClose}>
              {t('staffsPage.close')}
            </Button>
            <Button onPress={() => void copy(invitation.invitationUrl)}>{t('staffsPage.invitation.copy')}</Button>
          </Inline>
        )
      }
    >
      {invitation && (
        <>
          <p>{t('staffsPage.invitation.body')}</p>
          <TextField label={t('staffsPage.invitation.url')} value={invitation.invitationUrl} onChange={() => undefined} />
          {invitation.expiresAt && (
            <Text tone="muted" size="sm">
              {t('staffsPage.invitation.expiresAt', {
                at: new Date(invitation.expiresAt).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' }),
              })}
            </Text>
          )}
        </>
      )}
    </Dialog>
  );
}
