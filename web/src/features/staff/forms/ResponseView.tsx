import { Badge, FormStatusBadge, formFlags, Text, visibleFormItems, type FormItem } from '@clinic/ui-kit';
import { useT } from '../../../i18n';
import { answersDiffer, answerText, type FormResponse } from './staff-forms.api';
import * as S from './staff-forms.styles';

const dateTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
export const formatAt = (iso: string) => dateTime.format(new Date(iso));

export function responseBadgeStatus(response: FormResponse) {
  if (response.status === 'COMPLETE') return response.kind === 'CONSENT' ? 'countersigned' : 'answered';
  if (response.status === 'SIGNED') return 'signed';
  if (response.status === 'SUBMITTED') return 'answered';
  return 'pending';
}

/**
 * One response rendered with its own version's items and text (Japanese, binding), its flags, the
 * signature, and beside each answer that changed the previous visit's answer.
 */
export function ResponseView({ response, previous }: { response: FormResponse; previous?: FormResponse | null }) {
  const t = useT();
  const words = { yes: t('staffForms.yes'), no: t('staffForms.no'), none: t('staffForms.unanswered') };
  const flagged = new Set(response.items.filter((item) => item.flag && formFlags([item], response.answers).length > 0).map((item: FormItem) => item.key));
  const previousItems = new Map((previous?.items ?? []).map((item) => [item.key, item]));
  const shown = visibleFormItems(response.items, response.answers);
  return (
    <S.Response>
      <S.Meta>
        <FormStatusBadge
          status={responseBadgeStatus(response)}
          flags={response.flags}
          pendingLabel={t('staffForms.badge.pending')}
          answeredLabel={t('staffForms.badge.answered')}
          signedLabel={t('staffForms.badge.signed')}
          countersignedLabel={t('staffForms.badge.countersigned')}
          flagsLabel={t('staffForms.badge.flags')}
        />
        <Text as="span" size="sm" tone="muted">
          {`${t(`staffForms.kinds.${response.kind}`)}・${t('staffForms.version', { version: response.version })}・${t('staffForms.submittedAt', { at: formatAt(response.submittedAt) })}`}
        </Text>
        {response.amends && (
          <Badge variant="outline" tone="neutral">
            {t('staffForms.amends')}
          </Badge>
        )}
      </S.Meta>
      {response.language !== 'ja' && (
        <Text size="sm" tone="muted">
          {`${t('staffForms.language')}: ${t(`staffForms.languages.${response.language === 'en' ? 'en' : 'zh-CN'}`)}。${t('staffForms.translatedNote')}`}
        </Text>
      )}
      {previous && (
        <Text size="sm" tone="muted">
          {t('staffForms.previousAt', { at: formatAt(previous.submittedAt) })}
        </Text>
      )}
      {shown.length > 0 && (
        <S.Answers>
          {shown.map((item) => {
            const answer = response.answers[item.key];
            const before = previous ? previous.answers[item.key] : undefined;
            const changed = previous !== null && previous !== undefined && answersDiffer(answer, before);
            return (
              <div key={item.key} data-flagged={flagged.has(item.key) || undefined} data-changed={changed || undefined}>
                <dt>{item.label}</dt>
                <dd>
                  <span>{answerText(item, answer, words)}</span>
                  {flagged.has(item.key) && item.flag && <Badge tone="danger">{item.flag.label}</Badge>}
                  {changed && <S.Previous>{t('staffForms.previous', { answer: answerText(previousItems.get(item.key) ?? item, before, words) })}</S.Previous>}
                </dd>
              </div>
            );
          })}
        </S.Answers>
      )}
      {response.body && <S.Body>{response.body}</S.Body>}
      {response.signature && (
        <S.Answers>
          <div>
            <dt>{t('staffForms.signature')}</dt>
            <dd>
              <span>{response.signature.name}</span>
              {response.signature.image ? (
                <S.SignatureImage src={response.signature.image} alt={t('staffForms.drawnAlt', { name: response.signature.name })} />
              ) : (
                response.signature.hasImage && (
                  <Text as="span" size="sm" tone="muted">
                    {t('staffForms.drawn')}
                  </Text>
                )
              )}
              {response.signature.guardian && (
                <span>{t('staffForms.guardian', { name: response.signature.guardian.name, relation: response.signature.guardian.relation })}</span>
              )}
              {response.signature.birthDate && <span>{t('staffForms.birthDate', { date: response.signature.birthDate })}</span>}
            </dd>
          </div>
          {response.countersign && (
            <div>
              <dt>{t('staffForms.countersign.title')}</dt>
              <dd>
                {t('staffForms.countersign.done', {
                  name: response.countersign.staffName,
                  mode: t(`staffForms.countersign.modes.${response.countersign.mode}`),
                  at: formatAt(response.countersign.at),
                })}
              </dd>
            </div>
          )}
        </S.Answers>
      )}
      <S.Hash>{`${t('staffForms.hash')}: ${response.hash}`}</S.Hash>
    </S.Response>
  );
}
