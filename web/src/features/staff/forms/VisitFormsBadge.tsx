import { FormStatusBadge, visitFormStatus } from '@clinic/ui-kit';
import { useT, type Translate } from '../../../i18n';
import type { ReservationForms } from './staff-forms.api';

/** `forms` of a staff reservation answer, when the server sends it, with `formsSent` beside it. */
export const formsOf = (reservation: object): ReservationForms | null => {
  const { forms, formsSent } = reservation as { forms?: ReservationForms | null; formsSent?: number };
  if (!forms) return null;
  return formsSent === undefined ? forms : { ...forms, sent: formsSent };
};

/** 問診回答済, 問診回答済・医師確認待ち, 問診未回答 1/2. */
const stateWords = (state: NonNullable<ReturnType<typeof visitFormStatus>>, t: Translate): string =>
  `${t('staffForms.blockLabel', { state: `${t(`staffForms.badge.${state.status}`)}${state.count ? ` ${state.count}` : ''}` })}${
    state.awaitingDoctor ? `・${t('staffForms.awaitingDoctor')}` : ''
  }`;

/**
 * A visit's paperwork in a calendar block, as shown on its last line and said in its label (the
 * same words, so the label contains the visible text): 問診回答済, 問診未回答 1/2, then ⚠ and
 * the flags; '' when the visit needs no form.
 */
export function visitFormsText(forms: ReservationForms | null, t: Translate): string {
  const state = visitFormStatus(forms);
  if (!state || !forms) return '';
  const word = stateWords(state, t);
  return forms.flags.length > 0 ? `${word} ⚠${forms.flags.join('・')}` : word;
}

/** 未回答 / 回答済 and the flags of a visit: compact in a calendar block, full in the panel. */
export function VisitFormsBadge({ forms, size = 'md' }: { forms: ReservationForms | null; size?: 'sm' | 'md' }) {
  const t = useT();
  const state = visitFormStatus(forms);
  if (!state || !forms) return null;
  return (
    <FormStatusBadge
      status={state.status}
      count={state.awaitingDoctor ? t('staffForms.awaitingDoctor') : state.count}
      flags={forms.flags}
      size={size}
      pendingLabel={t('staffForms.badge.pending')}
      answeredLabel={t('staffForms.badge.answered')}
      signedLabel={t('staffForms.badge.signed')}
      countersignedLabel={t('staffForms.badge.countersigned')}
      flagsLabel={t('staffForms.badge.flags')}
    />
  );
}

/**
 * The same in a calendar block's status line, as plain inline text (the block has three lines
 * and is drawn hundreds of times): 回答済 or 未回答 1/2, then the flags after a warning sign.
 * Its words are the end of the block's label too (visitFormsText).
 */
export function VisitFormsMark({ forms }: { forms: ReservationForms | null }) {
  const t = useT();
  const state = visitFormStatus(forms);
  if (!state || !forms) return null;
  return (
    <>
      {' '}
      <i data-forms={state.status}>{stateWords(state, t)}</i>
      {forms.flags.length > 0 && (
        <>
          {' '}
          <em data-forms-flags="">{`⚠${forms.flags.join('・')}`}</em>
        </>
      )}
    </>
  );
}
