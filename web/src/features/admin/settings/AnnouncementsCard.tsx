import { DatePicker, Select, TextArea, TextField } from '@clinic/ui-kit';
import { useMemo } from 'react';
import type { Input } from '../../../shared/api/api';
import { adminSettings } from '../../../shared/api/endpoints';
import { useApi } from '../../../shared/api/HttpContext';
import { useT } from '../../../i18n';
import type { FieldErrors } from '../shared/form-errors';
import type { Announcement, Clinic } from '../shared/types';
import { CrudCard } from './CrudCard';

interface AnnouncementForm {
  title: string;
  body: string;
  clinicId: string | null;
  publishedFrom: string;
  publishedUntil: string;
}

/** The date in Tokyo of an instant (`2026-12-01T10:15:00+09:00` → `2026-12-01`). */
export function tokyoDate(instant: string | null): string {
  if (!instant) return '';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant.slice(0, 10);
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(date);
}

const todayInTokyo = () => tokyoDate(new Date().toISOString());

export function AnnouncementsCard({ clinics }: { clinics: readonly Clinic[] }) {
  const t = useT();
  const api = useApi({ adminSettings });
  const calls = useMemo(
    () => ({
      list: () => api.adminSettings.announcements({ query: {} }),
      create: (body: Input<'adminSettings', 'createAnnouncement'>['body']) => api.adminSettings.createAnnouncement({ body }),
      update: (id: string, body: Input<'adminSettings', 'updateAnnouncement'>['body']) => api.adminSettings.updateAnnouncement({ params: { id }, body }),
      remove: (id: string) => api.adminSettings.removeAnnouncement({ params: { id } }),
    }),
    [api],
  );
  const clinicName = (id: string | null) => {
    const clinic = clinics.find((c) => c.id === id);
    return clinic ? t('app.clinicName', { name: clinic.name }) : t('adminSetup.settings.allClinics');
  };
  const clinicItems = [
    { id: 'all', label: t('adminSetup.settings.allClinics') },
    ...clinics.map((c) => ({ id: c.id, label: t('app.clinicName', { name: c.name }) })),
  ];

  return (
    <CrudCard<Announcement, AnnouncementForm, 'title' | 'clinicId' | 'period', Input<'adminSettings', 'createAnnouncement'>['body']>
      title={t('adminSetup.settings.announcementsTitle')}
      entity={t('adminSetup.settings.announcementEntity')}
      calls={calls}
      emptyText={t('adminSetup.settings.noAnnouncements')}
      columns={[
        { key: 'title', label: t('adminSetup.settings.announcementTitle') },
        { key: 'clinicId', label: t('adminSetup.settings.announcementClinic') },
        { key: 'period', label: t('adminSetup.settings.announcementPeriod') },
      ]}
      renderCell={(row, key) => {
        if (key === 'title') return row.title;
        if (key === 'clinicId') return clinicName(row.clinicId);
        return t('adminSetup.settings.period', {
          from: tokyoDate(row.publishedFrom),
          until: row.publishedUntil ? tokyoDate(row.publishedUntil) : t('adminSetup.settings.noEnd'),
        });
      }}
      nameOf={(row) => row.title}
      toForm={(row) => ({
        title: row?.title ?? '',
        body: row?.body ?? '',
        clinicId: row?.clinicId ?? null,
        publishedFrom: row ? tokyoDate(row.publishedFrom) : todayInTokyo(),
        publishedUntil: tokyoDate(row?.publishedUntil ?? null),
      })}
      validate={(form) => {
        const errors: FieldErrors = {};
        if (!form.title.trim()) errors.title = t('adminSetup.common.required', { field: t('adminSetup.settings.announcementTitle') });
        if (!form.body.trim()) errors.body = t('adminSetup.common.required', { field: t('adminSetup.settings.announcementBody') });
        if (!form.publishedFrom) errors.publishedFrom = t('adminSetup.common.choose', { field: t('adminSetup.settings.publishedFrom') });
        if (form.publishedUntil && form.publishedFrom && form.publishedUntil < form.publishedFrom)
          errors.publishedUntil = t('adminSetup.settings.untilBeforeFrom');
        return errors;
      }}
      toBody={(form) => ({
        title: form.title.trim(),
        body: form.body.trim(),
        clinicId: form.clinicId,
        publishedFrom: `${form.publishedFrom}T00:00:00+09:00`,
        publishedUntil: form.publishedUntil ? `${form.publishedUntil}T23:59:59+09:00` : null,
      })}
      codeFields={{}}
      renderFields={(form, set, errors) => (
        <>
          <TextField
            label={t('adminSetup.settings.announcementTitle')}
            value={form.title}
            onChange={(title) => set({ title })}
            isRequired
            autoFocus
            maxLength={200}
            isInvalid={Boolean(errors.title)}
            errorMessage={errors.title}
          />
          <TextArea
            label={t('adminSetup.settings.announcementBody')}
            value={form.body}
            onChange={(body) => set({ body })}
            isRequired
            requiredLabel={t('adminSetup.common.requiredMark')}
            isInvalid={Boolean(errors.body)}
            errorMessage={errors.body}
          />
          <Select
            label={t('adminSetup.settings.announcementClinic')}
            items={clinicItems}
            selectedKey={form.clinicId ?? 'all'}
            onSelectionChange={(id) => set({ clinicId: id === 'all' ? null : id })}
          />
          <DatePicker
            label={t('adminSetup.settings.publishedFrom')}
            value={form.publishedFrom || null}
            onChange={(publishedFrom) => set({ publishedFrom })}
            isRequired
            isInvalid={Boolean(errors.publishedFrom)}
            errorMessage={errors.publishedFrom}
          />
          <DatePicker
            label={t('adminSetup.settings.publishedUntil')}
            value={form.publishedUntil || null}
            onChange={(publishedUntil) => set({ publishedUntil })}
            description={t('adminSetup.settings.publishedUntilHelp')}
            isInvalid={Boolean(errors.publishedUntil)}
            errorMessage={errors.publishedUntil}
          />
        </>
      )}
    />
  );
}
