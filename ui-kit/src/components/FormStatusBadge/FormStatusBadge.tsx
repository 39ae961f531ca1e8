import { Badge } from '../Badge/Badge';
import { FlagList, FormStatusBadgeRoot } from './FormStatusBadge.styles';

/** 未回答 (a form still to fill), 回答済 (answered), 同意済 (a consent signed), 医師確認済 (countersigned). */
export type FormStatusKind = 'pending' | 'answered' | 'signed' | 'countersigned';

export interface FormStatusBadgeProps {
  status: FormStatusKind;
  /** The flags the answers raised (妊娠の可能性あり…): staff must see them. */
  flags?: readonly string[];
  /** Shown after the status word, e.g. `1/2` forms done. */
  count?: string;
  /** `sm`: one line for a calendar block (the flags in one pill, the whole list in its title). */
  size?: 'sm' | 'md';
  pendingLabel?: string;
  answeredLabel?: string;
  signedLabel?: string;
  countersignedLabel?: string;
  /** Before the flags in the compact size and for screen readers. */
  flagsLabel?: string;
  className?: string;
}

/** The paperwork state of a visit or a form, and its flags, for the calendar block and the panel. */
export function FormStatusBadge({
  status,
  flags = [],
  count,
  size = 'md',
  pendingLabel = '未回答',
  answeredLabel = '回答済',
  signedLabel = '同意済',
  countersignedLabel = '医師確認済',
  flagsLabel = '要確認',
  className,
}: FormStatusBadgeProps) {
  const word = { pending: pendingLabel, answered: answeredLabel, signed: signedLabel, countersigned: countersignedLabel }[status];
  const tone = status === 'pending' ? 'warning' : 'success';
  return (
    <FormStatusBadgeRoot data-size={size} className={className}>
      <Badge tone={tone} data-status={status}>
        {count ? `${word} ${count}` : word}
      </Badge>
      {flags.length > 0 &&
        (size === 'sm' ? (
          <Badge tone="danger" title={`${flagsLabel}: ${flags.join('、')}`} className="ui-kit-form-flags">
            {`${flagsLabel}: ${flags.join('・')}`}
          </Badge>
        ) : (
          <FlagList aria-label={flagsLabel}>
            {flags.map((flag) => (
              <li key={flag}>
                <Badge tone="danger">{flag}</Badge>
              </li>
            ))}
          </FlagList>
        ))}
    </FormStatusBadgeRoot>
  );
}

/**
 * The state of a visit's paperwork from the staff answers' `forms: {required, complete}` and,
 * when known, how many the person has `sent`: nothing when the visit needs no form, 未回答 with
 * the count while the person has some to send, else 回答済 (`awaitingDoctor` while a signed
 * consent still waits for the doctor's countersign).
 */
export function visitFormStatus(
  forms: { required: number; complete: number; sent?: number } | null | undefined,
): { status: FormStatusKind; count?: string; awaitingDoctor?: boolean } | null {
  if (!forms || forms.required === 0) return null;
  if (forms.complete >= forms.required) return { status: 'answered' };
  const sent = Math.max(forms.sent ?? forms.complete, forms.complete);
  if (sent >= forms.required) return { status: 'answered', awaitingDoctor: true };
  return { status: 'pending', count: `${sent}/${forms.required}` };
}
