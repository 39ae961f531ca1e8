import { Button, useMessages } from '@clinic/ui-kit';
import { useMemo, useState } from 'react';
import { useT } from '../../../i18n';
import { useHttp } from '../../../shared/api/HttpContext';
import { LinkButton } from '../../../shared/ui/LinkButton';
import { memberFormsPath, staffFormsApi } from './staff-forms.api';
import { saveExportFile } from './StaffMemberFormsPage';

/**
 * 問診票・同意書を書き出す: one member's responses, oldest first, with the hash chain and whether it
 * verified (GET /api/staffs/users/{id}/forms/export), saved as a JSON file. The read is in the
 * access audit.
 */
export function FormsExportButton({ userId, fileName }: { userId: string; fileName: string }) {
  const t = useT();
  const http = useHttp();
  const messages = useMessages();
  const api = useMemo(() => staffFormsApi(http), [http]);
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      const exported = await api.exportMember(userId);
      saveExportFile(exported, fileName);
      messages.show({
        text: t('staffForms.exported', { count: exported.records.length, verified: exported.verified ? t('staffForms.verified') : t('staffForms.broken') }),
        tone: exported.verified ? 'success' : 'warning',
      });
    } catch {
      // The HTTP client showed the message.
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button variant="secondary" size="sm" isPending={pending} onPress={() => void run()}>
        {t('staffForms.export')}
      </Button>
      <LinkButton to={memberFormsPath(userId)} data-variant="secondary" data-size="sm">
        {t('staffForms.openMemberForms')}
      </LinkButton>
    </>
  );
}
