import type { ButtonProps } from '../Button/Button';
import { PendingSpinner } from '../Button/button-look';
import { PendingMark, StyledPlainButton } from './PlainButton.styles';

export type PlainButtonProps = Omit<ButtonProps, 'slot'>;

/**
 * `Button`'s look and props on a native `<button>`, without react-aria. For pages that must load
 * light (the guest booking page, the route error page: docs/benchmarks.md) and for buttons that
 * live outside react-aria's collections and overlays. Inside a Dialog, a Drawer or any other
 * react-aria trigger use `Button`: those wire themselves to react-aria's press events.
 */
export function PlainButton({
  variant = 'primary',
  size = 'md',
  type = 'button',
  isDisabled,
  isPending,
  pendingLabel = '処理中',
  onPress,
  children,
  className,
  form,
  autoFocus,
  'aria-label': ariaLabel,
}: PlainButtonProps) {
  return (
    <StyledPlainButton
      data-variant={variant}
      data-size={size}
      data-pending={isPending || undefined}
      type={type}
      disabled={isDisabled}
      // Pending: keeps focus and ignores presses (a submit is not sent twice either).
      onClick={(event) => {
        if (isPending) {
          event.preventDefault();
          return;
        }
        onPress?.();
      }}
      className={className}
      form={form}
      autoFocus={autoFocus}
      aria-label={ariaLabel}
    >
      {isPending && (
        <PendingMark role="progressbar" aria-label={pendingLabel}>
          <PendingSpinner />
        </PendingMark>
      )}
      {children}
    </StyledPlainButton>
  );
}
