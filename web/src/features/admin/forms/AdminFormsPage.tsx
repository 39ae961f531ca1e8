import { Badge, Button, Callout, Card, Inline, PageHeader, RadioGroup, Select, Stack, Table, TextField } from '@clinic/ui-kit';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../../i18n';
import { HttpError } from '../../../shared/api/http';
import { adminSettings } from '../../../shared/api/endpoints';
import { useApi, useHttp } from '../../../shared/api/HttpContext';
import { LinkButton } from '../../../shared/ui/LinkButton';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { useLoad, useReloadKey } from '../../../shared/useLoad';
import { FormAlert, FormDialog, LoadErrorBlock, LoadingBlock, useSuccess } from '../shared/admin-ui';
import type { CheckCondition } from '../shared/types';
import { adminFormsApi, type AdminForm, type FormKind } from './admin-forms.api';

export const adminFormPath = (formId: string) => `/admin/settings/forms/${encodeURIComponent(formId)}/`;

/** /admin/settings/forms/ (head-office ADMIN): the chain's 問診票 and 同意書, and adding one. */
export function AdminFormsPage() {
  const t = useT();
  const http = useHttp();
  const api = useMemo(() => adminFormsApi(http), [http]);
  const title = t('adminForms.title');
  useDocumentTitle(title);
  const [reloadKey, reload] = useReloadKey();
  const forms = useLoad(() => api.list(), [api], { reloadKey });
  const settings = useApi({ adminSettings });
  const conditions = useLoad(() => settings.adminSettings.checkConditions({}, { notifyErrors: false }).catch(() => []), [settings]);
  const [adding, setAdding] = useState(false);
  const conditionList = conditions.status === 'ready' ? conditions.data : [];
  const activeOf = (form: AdminForm) => form.versions.find((v) => v.id === form.activeVersionId);
  // A clinic's ADMIN: the forms belong to the chain, only the head office edits them.
  const refused = forms.status === 'failed' && forms.error instanceof HttpError && forms.error.status === 403;

  return (
    <section>
      <PageHeader
        title={title}
        description={t('adminForms.body')}
        actions={
          refused ? undefined : (
            <Button onPress={() => setAdding(true)} size="sm">
              {t('adminForms.create')}
            </Button>
          )
        }
      />
      {forms.status === 'loading' && <LoadingBlock />}
      {refused && <Callout tone="info">{t('adminForms.headOfficeOnly')}</Callout>}
      {forms.status === 'failed' && !refused && <LoadErrorBlock error={forms.error} onRetry={reload} />}
      {forms.status === 'ready' && (
        <Card title={t('adminForms.list')}>
          <Table
            aria-label={t('adminForms.list')}
            columns={[
              { key: 'title', label: t('adminForms.columns.title') },
              { key: 'kind', label: t('adminForms.columns.kind') },
              { key: 'active', label: t('adminForms.columns.active') },
              { key: 'condition', label: t('adminForms.columns.condition') },
              { key: 'open', label: '', align: 'end' },
            ]}
            rows={forms.data}
            rowKey={(form) => form.id}
            emptyText={t('adminForms.none')}
            renderCell={(form, key) => {
              if (key === 'title') return form.title;
              if (key === 'kind') return t(`adminForms.kinds.${form.kind}`);
              if (key === 'active') {
                const active = activeOf(form);
                return active ? (
                  <Badge tone="success">{t('adminForms.versionLabel', { version: active.version })}</Badge>
                ) : (
                  <Badge>{t('adminForms.noActive')}</Badge>
                );
              }
              if (key === 'condition') return conditionList.find((c) => c.id === form.checkConditionId)?.name ?? '';
              return (
                <LinkButton to={adminFormPath(form.id)} data-variant="secondary" data-size="sm" aria-label={`${t('adminForms.open')}: ${form.title}`}>
                  {t('adminForms.open')}
                </LinkButton>
              );
            }}
          />
        </Card>
      )}
      {adding && <CreateFormDialog conditions={conditionList} onClose={() => setAdding(false)} />}
    </section>
  );
}

function CreateFormDialog({ conditions, onClose }: { conditions: readonly CheckCondition[]; onClose: () => void }) {
  const t = useT();
  const http = useHttp();
  const navigate = useNavigate();
  const success = useSuccess();
  const api = useMemo(() => adminFormsApi(http), [http]);
  const [kind, setKind] = useState<FormKind>('QUESTIONNAIRE');
  const [title, setTitle] = useState('');
  const [titleEn, setTitleEn] = useState('');
  const [titleZh, setTitleZh] = useState('');
  const [conditionId, setConditionId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!title.trim()) {
      setErrors({ title: t('adminSetup.common.required', { field: t('adminForms.formTitle') }) });
      return;
    }
    setPending(true);
    try {
      const translations = {
        ...(titleEn.trim() ? { en: { title: titleEn.trim() } } : {}),
        ...(titleZh.trim() ? { 'zh-CN': { title: titleZh.trim() } } : {}),
      };
      const form = await api.create({ kind, title: title.trim(), ...(conditionId ? { checkConditionId: conditionId } : {}), translations });
      success(t('adminForms.created'));
      void navigate(adminFormPath(form.id));
    } catch (error) {
      setPending(false);
      const fields: Record<string, string> = {};
      if (error instanceof HttpError) for (const f of error.fields) fields[f.path.replace(/^body\./, '').split('.')[0]!] ??= f.message;
      setErrors(Object.keys(fields).length > 0 ? fields : { title: error instanceof HttpError ? error.notice.text : String(error) });
    }
  };

  return (
    <FormDialog title={t('adminForms.createTitle')} onClose={onClose} pending={pending} onSubmit={submit}>
      <Stack gap={4}>
        <FormAlert show={Object.keys(errors).length > 0} />
        <RadioGroup
          label={t('adminForms.kind')}
          orientation="horizontal"
          value={kind}
          onChange={(value) => setKind(value as FormKind)}
          options={[
            { value: 'QUESTIONNAIRE', label: t('adminForms.kinds.QUESTIONNAIRE') },
            { value: 'CONSENT', label: t('adminForms.kinds.CONSENT') },
          ]}
        />
        <TextField
          label={t('adminForms.formTitle')}
          value={title}
          onChange={setTitle}
          isRequired
          isInvalid={Boolean(errors.title)}
          errorMessage={errors.title}
          maxLength={100}
        />
        <Inline grow="always" align="start">
          <TextField label={t('adminForms.titleEn')} value={titleEn} onChange={setTitleEn} maxLength={100} />
          <TextField label={t('adminForms.titleZh')} value={titleZh} onChange={setTitleZh} maxLength={100} />
        </Inline>
        <Select
          label={t('adminForms.condition')}
          items={[{ id: '', label: t('adminForms.noCondition') }, ...conditions.map((c) => ({ id: c.id, label: c.name }))]}
          selectedKey={conditionId}
          onSelectionChange={(key) => setConditionId(String(key ?? ''))}
          isInvalid={Boolean(errors.checkConditionId)}
          errorMessage={errors.checkConditionId}
        />
      </Stack>
    </FormDialog>
  );
}
