import {
  Badge,
  Button,
  Callout,
  Card,
  Checkbox,
  ConfirmDialog,
  ConsentPanel,
  emptyConsent,
  FieldGroup,
  FormRenderer,
  Grid,
  Inline,
  PageHeader,
  RadioGroup,
  Select,
  Stack,
  Text,
  TextArea,
  TextField,
  type ConsentValue,
  type FormAnswers,
} from '@clinic/ui-kit';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { HttpError } from '../../../shared/api/http';
import { useHttp } from '../../../shared/api/HttpContext';
import { LinkButton } from '../../../shared/ui/LinkButton';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { useLoad, useReloadKey } from '../../../shared/useLoad';
import { LoadErrorBlock, LoadingBlock, useSuccess } from '../shared/admin-ui';
import { adminFormsApi, type AdminForm, type FormVersion } from './admin-forms.api';
import { FORMS_TEXTS } from '../../forms/forms-texts';
import { emptyItem, LANGS, localized, toDraft, toVersionBody, type ItemDraft, type VersionDraft } from './form-editor';

const TYPES = ['text', 'textarea', 'yesno', 'single', 'multi', 'date'] as const;

/** The preview: the width of a phone, as the patient sees the form. */
const PhoneFrame = styled.div`
  width: 375px;
  max-width: 100%;
  padding: var(--space-4);
  border: 8px solid var(--color-text);
  border-radius: 24px;
  background: var(--color-surface);
  box-sizing: border-box;
`;

interface Loaded {
  form: AdminForm;
  version: FormVersion | null;
}

/** /admin/settings/forms/:id/: a form's versions, its draft's items and text, the preview, publishing. */
export function AdminFormEditPage() {
  const t = useT();
  const http = useHttp();
  const success = useSuccess();
  const { id = '' } = useParams();
  const api = useMemo(() => adminFormsApi(http), [http]);
  const [reloadKey, reload] = useReloadKey();
  const [chosen, setChosen] = useState<string | null>(null);
  const state = useLoad<Loaded>(
    async () => {
      const form = await api.get(id);
      const draft = form.versions.find((v) => v.status === 'DRAFT');
      const target = chosen ?? draft?.id ?? form.activeVersionId ?? form.versions.at(-1)?.id ?? null;
      return { form, version: target ? await api.version(id, target) : null };
    },
    [api, id, chosen],
    { reloadKey },
  );
  useDocumentTitle(state.status === 'ready' ? state.data.form.title : t('adminForms.title'));
  const [pending, setPending] = useState(false);

  const newDraft = async (from: FormVersion | null, kind: AdminForm['kind']) => {
    setPending(true);
    try {
      const body = from ? toVersionBody(kind, toDraft(from)) : { items: [], ...(kind === 'CONSENT' ? { body: '' } : {}), translations: {} };
      const created = await api.createVersion(id, body);
      success(t('adminForms.draftCreated'));
      setChosen(created.id);
      reload();
    } catch (error) {
      if (error instanceof HttpError) success(error.notice.text);
    } finally {
      setPending(false);
    }
  };

  return (
    <section>
      <PageHeader
        title={state.status === 'ready' ? state.data.form.title : t('adminForms.title')}
        actions={
          <LinkButton to="/admin/settings/forms/" data-variant="secondary" data-size="sm">
            {t('adminForms.back')}
          </LinkButton>
        }
      />
      {state.status === 'loading' && <LoadingBlock />}
      {state.status === 'failed' && <LoadErrorBlock error={state.error} onRetry={reload} />}
      {state.status === 'ready' && (
        <Stack gap={5}>
          <Card title={t('adminForms.versions')}>
            <Stack gap={3}>
              <Stack as="ul" gap={2}>
                {state.data.form.versions.map((v) => (
                  <li key={v.id}>
                    <Inline gap={2}>
                      <Button variant={state.data.version?.id === v.id ? 'primary' : 'ghost'} size="sm" onPress={() => setChosen(v.id)}>
                        {t('adminForms.versionLabel', { version: v.version })}
                      </Button>
                      <Badge tone={v.status === 'ACTIVE' ? 'success' : v.status === 'DRAFT' ? 'warning' : 'neutral'}>
                        {t(`adminForms.statuses.${v.status}`)}
                      </Badge>
                      {v.publishedAt && (
                        <Text as="span" size="sm" tone="muted">
                          {t('adminForms.publishedAt', { at: new Date(v.publishedAt).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' }) })}
                        </Text>
                      )}
                    </Inline>
                  </li>
                ))}
              </Stack>
              {!state.data.form.versions.some((v) => v.status === 'DRAFT') && (
                <div>
                  <Button variant="secondary" size="sm" isPending={pending} onPress={() => void newDraft(state.data.version, state.data.form.kind)}>
                    {t('adminForms.newDraft')}
                  </Button>
                </div>
              )}
            </Stack>
          </Card>
          {state.data.version && (
            <VersionEditor
              key={`${state.data.version.id}:${reloadKey}`}
              form={state.data.form}
              version={state.data.version}
              onSaved={() => reload()}
              onPublished={() => {
                setChosen(null);
                reload();
              }}
            />
          )}
        </Stack>
      )}
    </section>
  );
}

function VersionEditor({ form, version, onSaved, onPublished }: { form: AdminForm; version: FormVersion; onSaved: () => void; onPublished: () => void }) {
  const t = useT();
  const http = useHttp();
  const success = useSuccess();
  const api = useMemo(() => adminFormsApi(http), [http]);
  const [draft, setDraft] = useState<VersionDraft>(() => toDraft(version));
  const [errors, setErrors] = useState<string[]>([]);
  const [pending, setPending] = useState<'save' | 'publish' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const editable = version.status === 'DRAFT';
  const body = toVersionBody(form.kind, draft);

  const setItem = (index: number, patch: Partial<ItemDraft>) =>
    setDraft((d) => ({ ...d, items: d.items.map((item, i) => (i === index ? { ...item, ...patch } : item)) }));
  const move = (index: number, by: number) =>
    setDraft((d) => {
      const items = [...d.items];
      const [item] = items.splice(index, 1);
      items.splice(index + by, 0, item!);
      return { ...d, items };
    });

  const save = async () => {
    setPending('save');
    setErrors([]);
    try {
      await api.saveVersion(form.id, version.id, body);
      success(t('adminForms.saved'));
      onSaved();
      return true;
    } catch (error) {
      setErrors(
        error instanceof HttpError ? (error.fields.length > 0 ? error.fields.map((f) => `${f.path}: ${f.message}`) : [error.notice.text]) : [String(error)],
      );
      return false;
    } finally {
      setPending(null);
    }
  };

  const publish = async () => {
    setConfirming(false);
    if (!(await save())) return;
    setPending('publish');
    try {
      await api.publish(form.id, version.id);
      success(t('adminForms.published', { version: version.version }));
      onPublished();
    } catch {
      // The HTTP client showed the message.
    } finally {
      setPending(null);
    }
  };

  return (
    <Grid template="minmax(0, 1fr) 400px" from="lg" gap={5} align="start">
      <Card
        title={
          editable
            ? t('adminForms.editing', { version: version.version })
            : t('adminForms.viewing', { version: version.version, status: t(`adminForms.statuses.${version.status}`) })
        }
      >
        <Stack gap={4}>
          {!editable && (
            <Callout tone="info" size="sm">
              {t('adminForms.readOnly')}
            </Callout>
          )}
          {errors.length > 0 && (
            <Callout tone="danger" role="alert">
              <Stack as="ul" gap={1}>
                {errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </Stack>
            </Callout>
          )}
          {draft.items.map((item, index) => (
            <ItemFields
              key={index}
              index={index}
              item={item}
              earlier={draft.items.slice(0, index)}
              isDisabled={!editable}
              count={draft.items.length}
              onChange={(patch) => setItem(index, patch)}
              onMove={(by) => move(index, by)}
              onRemove={() => setDraft((d) => ({ ...d, items: d.items.filter((_, i) => i !== index) }))}
            />
          ))}
          {editable && (
            <div>
              <Button variant="secondary" size="sm" onPress={() => setDraft((d) => ({ ...d, items: [...d.items, emptyItem(d.items.length)] }))}>
                {t('adminForms.addItem')}
              </Button>
            </div>
          )}
          {form.kind === 'CONSENT' && (
            <Stack gap={3}>
              <TextArea
                label={t('adminForms.consentBody')}
                value={draft.body}
                onChange={(text) => setDraft((d) => ({ ...d, body: text }))}
                isDisabled={!editable}
                isRequired
                maxLength={20000}
              />
              <Grid columns={2} gap={3}>
                {LANGS.map((lang) => (
                  <TextArea
                    key={lang}
                    label={lang === 'en' ? t('adminForms.bodyEn') : t('adminForms.bodyZh')}
                    value={draft.bodyTranslations[lang]}
                    onChange={(text) => setDraft((d) => ({ ...d, bodyTranslations: { ...d.bodyTranslations, [lang]: text } }))}
                    isDisabled={!editable}
                    maxLength={20000}
                  />
                ))}
              </Grid>
            </Stack>
          )}
          {editable && (
            <Inline gap={3}>
              <Button variant="secondary" isPending={pending === 'save'} isDisabled={pending !== null} onPress={() => void save()}>
                {t('adminForms.save')}
              </Button>
              <Button isPending={pending === 'publish'} isDisabled={pending !== null} onPress={() => setConfirming(true)}>
                {t('adminForms.publish')}
              </Button>
            </Inline>
          )}
        </Stack>
      </Card>
      <Preview kind={form.kind} body={body} />
      <ConfirmDialog
        isOpen={confirming}
        message={t('adminForms.publishConfirm', { version: version.version })}
        confirmLabel={t('adminForms.publishAction')}
        cancelLabel={t('adminForms.publishCancel')}
        onConfirm={() => void publish()}
        onCancel={() => setConfirming(false)}
      />
    </Grid>
  );
}

function ItemFields(props: {
  index: number;
  item: ItemDraft;
  earlier: ItemDraft[];
  count: number;
  isDisabled: boolean;
  onChange: (patch: Partial<ItemDraft>) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const { item, isDisabled, onChange } = props;
  const choices = item.type === 'single' || item.type === 'multi';
  return (
    <FieldGroup legend={t('adminForms.item.legend', { index: props.index + 1 })} data-testid="form-item-editor">
      <Grid columns={2} gap={3}>
        <TextField label={t('adminForms.item.key')} value={item.key} onChange={(key) => onChange({ key })} isDisabled={isDisabled} maxLength={40} isRequired />
        <Select
          label={t('adminForms.item.type')}
          items={TYPES.map((type) => ({ id: type, label: t(`adminForms.item.types.${type}`) }))}
          selectedKey={item.type}
          onSelectionChange={(type) => onChange({ type: String(type) as ItemDraft['type'] })}
          isDisabled={isDisabled}
        />
      </Grid>
      <TextField
        label={t('adminForms.item.label')}
        value={item.label}
        onChange={(label) => onChange({ label })}
        isDisabled={isDisabled}
        maxLength={500}
        isRequired
      />
      <Grid columns={2} gap={3}>
        {LANGS.map((lang) => (
          <TextField
            key={lang}
            label={lang === 'en' ? t('adminForms.item.labelEn') : t('adminForms.item.labelZh')}
            value={item.translations[lang].label}
            onChange={(label) => onChange({ translations: { ...item.translations, [lang]: { ...item.translations[lang], label } } })}
            isDisabled={isDisabled}
            maxLength={500}
          />
        ))}
      </Grid>
      <Checkbox isSelected={item.required} onChange={(required) => onChange({ required })} isDisabled={isDisabled}>
        {t('adminForms.item.required')}
      </Checkbox>
      {choices && (
        <>
          <TextArea label={t('adminForms.item.options')} value={item.options} onChange={(options) => onChange({ options })} isDisabled={isDisabled} />
          <Grid columns={2} gap={3}>
            {LANGS.map((lang) => (
              <TextArea
                key={lang}
                label={lang === 'en' ? t('adminForms.item.optionsEn') : t('adminForms.item.optionsZh')}
                value={item.translations[lang].options}
                onChange={(options) => onChange({ translations: { ...item.translations, [lang]: { ...item.translations[lang], options } } })}
                isDisabled={isDisabled}
              />
            ))}
          </Grid>
        </>
      )}
      <Grid columns={2} gap={3}>
        <Select
          label={t('adminForms.item.showIfKey')}
          items={[{ id: '', label: t('adminForms.item.always') }, ...props.earlier.map((e) => ({ id: e.key, label: e.label || e.key }))]}
          selectedKey={item.showIfKey}
          onSelectionChange={(key) => onChange({ showIfKey: String(key ?? '') })}
          isDisabled={isDisabled}
        />
        {item.showIfKey && (
          <TextField
            label={t('adminForms.item.showIfEquals')}
            value={item.showIfEquals}
            onChange={(showIfEquals) => onChange({ showIfEquals })}
            isDisabled={isDisabled}
          />
        )}
      </Grid>
      <Grid columns={2} gap={3}>
        <TextField
          label={t('adminForms.item.flagLabel')}
          value={item.flagLabel}
          onChange={(flagLabel) => onChange({ flagLabel })}
          isDisabled={isDisabled}
          maxLength={100}
        />
        <TextField
          label={t('adminForms.item.flagEquals')}
          value={item.flagEquals}
          onChange={(flagEquals) => onChange({ flagEquals })}
          isDisabled={isDisabled}
        />
      </Grid>
      {!isDisabled && (
        <Inline gap={2}>
          <Button variant="ghost" size="sm" isDisabled={props.index === 0} onPress={() => props.onMove(-1)}>
            {t('adminForms.moveUp')}
          </Button>
          <Button variant="ghost" size="sm" isDisabled={props.index === props.count - 1} onPress={() => props.onMove(1)}>
            {t('adminForms.moveDown')}
          </Button>
          <Button variant="danger" size="sm" onPress={props.onRemove}>
            {t('adminForms.removeItem', { label: item.label || item.key })}
          </Button>
        </Inline>
      )}
    </FieldGroup>
  );
}

function Preview({ kind, body }: { kind: AdminForm['kind']; body: ReturnType<typeof toVersionBody> }) {
  const t = useT();
  const [language, setLanguage] = useState<'ja' | 'en' | 'zh-CN'>('ja');
  const [answers, setAnswers] = useState<FormAnswers>({});
  const [consent, setConsent] = useState<ConsentValue>(emptyConsent);
  const shown = localized(body, language);
  const words = FORMS_TEXTS[language];
  return (
    <Card title={t('adminForms.preview')} data-testid="form-preview">
      <Stack gap={3}>
        <RadioGroup
          label={t('adminForms.previewLanguage')}
          orientation="horizontal"
          value={language}
          onChange={(value) => setLanguage(value as typeof language)}
          options={(['ja', 'en', 'zh-CN'] as const).map((lang) => ({ value: lang, label: t(`adminForms.languages.${lang}`) }))}
        />
        <PhoneFrame>
          <Stack gap={4}>
            {shown.items.length > 0 && (
              <FormRenderer
                items={shown.items}
                answers={answers}
                onChange={setAnswers}
                aria-label={t('adminForms.preview')}
                yesLabel={words.form.yes}
                noLabel={words.form.no}
                requiredLabel={words.form.required}
                multiDescription={words.form.multi}
              />
            )}
            {kind === 'CONSENT' && (
              <ConsentPanel
                body={shown.body}
                value={consent}
                onChange={setConsent}
                bodyLabel={words.consent.bodyLabel}
                agreeLabel={words.consent.agree}
                nameLabel={words.consent.name}
                nameDescription={words.consent.nameDescription}
                requiredLabel={words.form.required}
                signatureLabel={words.consent.signature}
                signatureDescription={words.consent.signatureDescription}
                clearLabel={words.consent.clear}
                signatureEmptyLabel={words.consent.signatureEmpty}
                signatureDrawnLabel={words.consent.signatureDrawn}
              />
            )}
          </Stack>
        </PhoneFrame>
      </Stack>
    </Card>
  );
}
