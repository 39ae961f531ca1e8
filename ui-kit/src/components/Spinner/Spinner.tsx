import { Caption, Ring, SpinnerRoot } from './Spinner.styles';

export interface SpinnerProps {
  /** Accessible name (and visible caption when `showLabel`). */
  label?: string;
  showLabel?: boolean;
  size?: 'md' | 'lg';
  /** `inline` (default) where it stands, or `block`: centred in its own padded row, for a part of the page still loading. */
  placement?: 'inline' | 'block';
  className?: string;
}

/** Indeterminate progress indicator (`role="progressbar"` named by `label`). */
export function Spinner({ label = '読み込み中', showLabel = false, size = 'md', placement = 'inline', className }: SpinnerProps) {
  return (
    <SpinnerRoot role="progressbar" aria-label={label} data-size={size} data-placement={placement} className={className}>
      <Ring viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </Ring>
      {showLabel && <Caption aria-hidden="true">{label}</Caption>}
    </SpinnerRoot>
  );
}
