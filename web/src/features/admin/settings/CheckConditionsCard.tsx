import { RadioGroup, Select, TextField } from '@clinic/ui-kit';
import { useMemo } from 'react';
import type { Input } from '../../../shared/api/api';
import { adminMenus, adminSettings } from '../../../shared/api/endpoints';
import { useApi } from '../../../shared/api/HttpContext';
import { useT } from '../../../i18n';
import { useLoad } from '../../../shared/useLoad';
import { useStaffSession } from '../../staff/StaffSessionContext';
import type { FieldErrors } from '../shared/form-errors';
import { CHECK_CONDITION_KINDS, type CheckCondition, type CheckConditionKind } from '../shared/types';
import { CrudCard } from './CrudCard';

interface ConditionForm {
  name: string;
  kind: CheckConditionKind;
  categoryId: string | null;
}

export function CheckConditionsCard() {
  const t = useT();
  const api = useApi({ adminSettings, adminMenus });
  const calls = useMemo(
    () => ({
      list: () => api.adminSettings.checkConditions(),
      create: (body: Input<'adminSettings', 'createCheckCondition'>['body']) => api.adminSettings.createCheckCondition({ body }),
      update: (id: string, body: Input<'adminSettings', 'updateCheckCondition'>['body']) => api.adminSettings.updateCheckCondition({ params: { id }, body }),
      remove: (id: string) => api.adminSettings.removeCheckCondition({ params: { id } }),
    }),
    [api],
  );
  const { selectedClinic } = useStaffSession();
  const clinicId = selectedClinic?.id ?? null;
  const categories = useLoad(
    () => (clinicId ? api.adminMenus.categories({ query: { clinicId } }, { notifyErrors: false }) : Promise.resolve([])),
    [api, clinicId],
  );
  const categoryList = categories.status === 'ready' ? categories.data : [];
  const label = t('adminSetup.settings.conditionName');
  const kindLabel = (kind: CheckConditionKind) => t(`adminSetup.settings.conditionKinds.${kind}`);

  return (
    <CrudCard<CheckCondition, ConditionForm, 'name' | 'kind', Input<'adminSettings', 'createCheckCondition'>['body']>
      title={t('adminSetup.settings.conditionsTitle')}
      entity={t('adminSetup.settings.conditionEntity')}
      calls={calls}
      emptyText={t('adminSetup.settings.noConditions')}
      columns={[
        { key: 'name', label },
        { key: 'kind', label: t('adminSetup.settings.conditionKind') },
      ]}
      renderCell={(row, key) => {
        if (key === 'name') return row.name;
        const category = categoryList.find((c) => c.id === row.categoryId);
        return category ? `${kindLabel(row.kind)}（${category.name}）` : kindLabel(row.kind);
      }}
      nameOf={(row) => row.name}
      toForm={(row) => ({ name: row?.name ?? '', kind: row?.kind ?? 'ALWAYS', categoryId: row?.categoryId ?? null })}
      validate={(form) => {
        const errors: FieldErrors = {};
        if (!form.name.trim()) errors.name = t('adminSetup.common.required', { field: label });
        if (form.kind === 'CATEGORY' && !form.categoryId) errors.categoryId = t('adminSetup.common.choose', { field: t('adminSetup.menus.form.category') });
        return errors;
      }}
      toBody={(form) => ({ name: form.name.trim(), kind: form.kind, categoryId: form.kind === 'CATEGORY' ? form.categoryId : null })}
      codeFields={{ CHECK_ITEM_EXISTS: 'name', CATEGORY_NOT_FOUND: 'categoryId' }}
      renderFields={(form, set, errors) => (
        <>
          <TextField
            label={label}
            value={form.name}
            onChange={(name) => set({ name })}
            isRequired
            autoFocus
            maxLength={100}
            isInvalid={Boolean(errors.name)}
            errorMessage={errors.name}
          />
          <RadioGroup
            label={t('adminSetup.settings.conditionKind')}
            options={CHECK_CONDITION_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) }))}
            value={form.kind}
            onChange={(kind) => set({ kind: kind as CheckConditionKind })}
          />
          {form.kind === 'CATEGORY' && (
            <Select
              label={t('adminSetup.menus.form.category')}
              items={categoryList.map((c) => ({ id: c.id, label: c.name }))}
              selectedKey={form.categoryId}
              onSelectionChange={(categoryId) => set({ categoryId })}
              isRequired
              description={selectedClinic ? t('adminSetup.common.forClinic', { name: selectedClinic.name }) : undefined}
              isInvalid={Boolean(errors.categoryId)}
              errorMessage={errors.categoryId}
            />
          )}
        </>
      )}
    />
  );
}
