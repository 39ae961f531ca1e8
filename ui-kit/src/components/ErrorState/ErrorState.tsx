import { PlainButton } from '../PlainButton/PlainButton';
import { ErrorStateRoot } from './ErrorState.styles';

export interface ErrorStateProps {
  /** Why the data is missing (announced: `role="alert"`). */
  message: string;
  /** Loads again. */
  onRetry: () => void;
  /** The button's text (default 再読み込み). */
  retryLabel?: string;
  /** Under the content's left edge (default) or centred in the page. */
  align?: 'start' | 'center';
  /** The button's size (default `sm`). */
  buttonSize?: 'sm' | 'md';
  className?: string;
}

/**
 * A part of the page whose data did not load: the reason and a button that tries again. A
 * native button (`PlainButton`), so pages that load without react-aria can show it too.
 */
export function ErrorState({ message, onRetry, retryLabel = '再読み込み', align = 'start', buttonSize = 'sm', className }: ErrorStateProps) {
  return (
    <ErrorStateRoot data-align={align} className={className}>
      <p role="alert">{message}</p>
      <PlainButton variant="secondary" size={buttonSize} onPress={onRetry}>
        {retryLabel}
      </PlainButton>
    </ErrorStateRoot>
  );
}
