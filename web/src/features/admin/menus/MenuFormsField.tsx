import { FieldGroup, Select } from '@clinic/ui-kit';
import { useT } from '../../../i18n';
import { adminForms } from '../../../shared/api/endpoints';
import { useApi } from '../../../shared/api/HttpContext';
import { useLoad } from '../../../shared/useLoad';
import type { MenuFormLink, MenuFormWhen } from './menu-form';

/**
 * 問診票・同意書 of a menu: for each of the chain's forms, not asked, every visit, or first visit
 * only. The forms are the head office's (GET /api/admin/forms); a clinic's ADMIN, who cannot read
 * them, does not see this part and the menu's forms are kept as they are.
 */
export function MenuFormsField({ value, onChange }: { value: readonly MenuFormLink[] | undefined; onChange: (forms: MenuFormLink[]) => void }) {
  const t = useT();
  const api = useApi({ adminForms });
  const forms = useLoad(() => api.adminForms.list({}, { notifyErrors: false }), [api]);
  if (forms.status !== 'ready' || forms.data.length === 0) return null;
  const current = value ?? [];
  const items = [
    { id: 'NONE', label: t('adminForms.menu.none') },
    { id: 'EVERY_VISIT', label: t('adminForms.menu.EVERY_VISIT') },
    { id: 'FIRST_VISIT', label: t('adminForms.menu.FIRST_VISIT') },
  ];
  return (
    <FieldGroup legend={t('adminForms.menu.legend')} data-testid="menu-forms">
      {forms.data.map((form) => (
        <Select
          key={form.id}
          label={`${t(`adminForms.kinds.${form.kind}`)}: ${form.title}`}
          items={items}
          selectedKey={current.find((f) => f.formId === form.id)?.when ?? 'NONE'}
          onSelectionChange={(key) => {
            const rest = current.filter((f) => f.formId !== form.id);
            onChange(key === 'NONE' || !key ? rest : [...rest, { formId: form.id, when: String(key) as MenuFormWhen }]);
          }}
        />
      ))}
    </FieldGroup>
  );
}
