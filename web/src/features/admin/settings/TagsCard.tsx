import { TextField } from '@clinic/ui-kit';
import { useT } from '../../../i18n';
import type { FieldErrors } from '../shared/form-errors';
import type { Tag } from '../shared/types';
import { CrudCard } from './CrudCard';

export function TagsCard() {
  const t = useT();
  const label = t('adminSetup.settings.tagName');
  return (
    <CrudCard<Tag, { name: string }, 'name'>
      title={t('adminSetup.settings.tagsTitle')}
      entity={t('adminSetup.settings.tagEntity')}
      url="/api/admin/tags"
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
