import { Badge, Button, Card, Inline, PageHeader, Stack, Table, Text } from '@clinic/ui-kit';
import { useState } from 'react';
import { useT } from '../../../i18n';
import { adminClinics } from '../../../shared/api/endpoints';
import { useApi } from '../../../shared/api/HttpContext';
import { LinkButton } from '../../../shared/ui/LinkButton';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { useLoad } from '../../../shared/useLoad';
import { ClinicForm } from '../clinic/ClinicForm';
import { clinicToForm } from '../clinic/clinic-form';
import { LoadErrorBlock, LoadingBlock, useSuccess } from '../shared/admin-ui';
import { pageReload } from '../shared/reload';
import type { Clinic } from '../shared/types';
import { AnnouncementsCard } from './AnnouncementsCard';
import { CheckConditionsCard } from './CheckConditionsCard';
import { TagsCard } from './TagsCard';

/** /admin/settings/ (ADMIN): clinics, tags, check conditions and announcements of the chain. */
export function AdminSettingsPage() {
  const t = useT();
  const title = t('pages.admin.settings.title');
  useDocumentTitle(title);
  const api = useApi({ adminClinics });
  const [version, setVersion] = useState(0);
  const clinics = useLoad(() => api.adminClinics.list(), [api], { reloadKey: version });
  return (
    <section>
      <PageHeader title={title} description={t('pages.admin.settings.body')} />
      <Stack gap={5}>
        {clinics.status === 'loading' && <LoadingBlock />}
        {clinics.status === 'failed' && <LoadErrorBlock error={clinics.error} onRetry={() => setVersion((v) => v + 1)} />}
        {clinics.status === 'ready' && <ClinicsCard clinics={clinics.data} />}
        <TagsCard />
        <CheckConditionsCard />
        {clinics.status === 'ready' && <AnnouncementsCard clinics={clinics.data} />}
        <Card title={t('adminForms.title')}>
          <Stack gap={5}>
            <Text tone="muted" size="sm">
              {t('adminForms.body')}
            </Text>
            <LinkButton data-variant="secondary" to="/admin/settings/forms/">
              {t('adminForms.settingsLink')}
            </LinkButton>
          </Stack>
        </Card>
        <Card title={t('lineUsage.title')}>
          <Stack gap={5}>
            <Text tone="muted" size="sm">
              {t('lineUsage.settingsLinkBody')}
            </Text>
            <LinkButton data-variant="secondary" to="/admin/settings/line/">
              {t('lineUsage.settingsLink')}
            </LinkButton>
          </Stack>
        </Card>
        <Card title={t('audit.title')}>
          <Stack gap={5}>
            <Text tone="muted" size="sm">
              {t('audit.settingsLinkBody')}
            </Text>
            <LinkButton data-variant="secondary" to="/admin/settings/audit/">
              {t('audit.settingsLink')}
            </LinkButton>
          </Stack>
        </Card>
      </Stack>
    </section>
  );
}

function ClinicsCard({ clinics }: { clinics: Clinic[] }) {
  const t = useT();
  const api = useApi({ adminClinics });
  const success = useSuccess();
  const [adding, setAdding] = useState(false);

  return (
    <Card
      title={t('adminSetup.settings.clinicsTitle')}
      actions={
        !adding && (
          <Button size="sm" onPress={() => setAdding(true)}>
            {t('adminSetup.settings.addClinic')}
          </Button>
        )
      }
    >
      <Stack gap={5}>
        <Table<Clinic, 'name' | 'phone' | 'webBookingEnabled'>
          aria-label={t('adminSetup.settings.clinicsTitle')}
          emptyText={t('adminSetup.settings.noClinics')}
          columns={[
            { key: 'name', label: t('adminSetup.clinic.name') },
            { key: 'phone', label: t('adminSetup.clinic.phone') },
            { key: 'webBookingEnabled', label: t('adminSetup.clinic.webBooking') },
          ]}
          rows={clinics}
          rowKey={(c) => c.id}
          renderCell={(c, key) => {
            if (key === 'name') return t('app.clinicName', { name: c.name });
            if (key === 'phone') return c.phone;
            return (
              <Badge variant="outline" tone={c.webBookingEnabled ? 'success' : 'neutral'}>
                {c.webBookingEnabled ? t('adminSetup.common.enabled') : t('adminSetup.common.disabled')}
              </Badge>
            );
          }}
        />
        {adding && (
          <section aria-label={t('adminSetup.settings.newClinicTitle')}>
            <Stack gap={5}>
              <h3>{t('adminSetup.settings.newClinicTitle')}</h3>
              <ClinicForm
                initial={clinicToForm()}
                categories={null}
                submitLabel={t('adminSetup.settings.createClinic')}
                onSubmit={async (body) => {
                  await api.adminClinics.create({ body });
                  success(t('adminSetup.settings.clinicAdded'));
                  pageReload.later();
                }}
              />
              <Inline justify="end">
                <Button variant="secondary" onPress={() => setAdding(false)}>
                  {t('adminSetup.common.cancel')}
                </Button>
              </Inline>
            </Stack>
          </section>
        )}
      </Stack>
    </Card>
  );
}
