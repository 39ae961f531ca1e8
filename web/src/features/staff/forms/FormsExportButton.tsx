import { Button, useMessages } from '@clinic/ui-kit';
import { useMemo, useState } from 'react';
import { useT } from '../../../i18n';
import { useHttp } from '../../../shared/api/HttpContext';
import { staffFormsApi } from './staff-forms.api';

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
      const blob = new Blob([JSON.stringify(exported, null, 2)], { type: 'application/json' });
      if (typeof URL.createObjectURL === 'function') {
        const url = URL.createObjectURL(blob);
        const link = document.createElement('a');
        link.href = url;
        link.download = fileName;
        link.click();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      }
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
    <Button variant="secondary" size="sm" isPending={pending} onPress={() => void run()}>
      {t('staffForms.export')}
    </Button>
  );
}
