import { TextField } from '@clinic/ui-kit';
import { useMemo } from 'react';
import type { Input } from '../../../shared/api/api';
import { adminSettings } from '../../../shared/api/endpoints';
import { useApi } from '../../../shared/api/HttpContext';
import { useT } from '../../../i18n';
import type { FieldErrors } from '../shared/form-errors';
import type { Tag } from '../shared/types';
import { CrudCard } from './CrudCard';

export function TagsCard() {
  const t = useT();
  const api = useApi({ adminSettings });
  const calls = useMemo(
    () => ({
      list: () => api.adminSettings.tags(),
      create: (body: Input<'adminSettings', 'createTag'>['body']) => api.adminSettings.createTag({ body }),
      update: (id: string, body: Input<'adminSettings', 'updateTag'>['body']) => api.adminSettings.updateTag({ params: { id }, body }),
      remove: (id: string) => api.adminSettings.removeTag({ params: { id } }),
    }),
    [api],
  );
  const label = t('adminSetup.settings.tagName');
  return (
    <CrudCard<Tag, { name: string }, 'name', Input<'adminSettings', 'createTag'>['body']>
      title={t('adminSetup.settings.tagsTitle')}
      entity={t('adminSetup.settings.tagEntity')}
      calls={calls}
      emptyText={t('adminSetup.settings.noTags')}
      columns={[{ key: 'name', label }]}
      renderCell={(row) => row.name}
      nameOf={(row) => row.name}
      toForm={(row) => ({ name: row?.name ?? '' })}
      validate={(form): FieldErrors => (form.name.trim() ? {} : { name: t('adminSetup.common.required', { field: label }) })}
      toBody={(form) => ({ name: form.name.trim() })}
      codeFields={{ TAG_EXISTS: 'name' }}
      renderFields={(form, set, errors) => (
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
      )}
    />
  );
}
