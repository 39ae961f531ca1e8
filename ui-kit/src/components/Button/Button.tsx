import type { ReactNode } from 'react';
import { StyledButton } from './Button.styles';
import { PendingSpinner } from './button-look';
import { ProgressBar } from 'react-aria-components';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md';

export interface ButtonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  type?: 'button' | 'submit' | 'reset';
  isDisabled?: boolean;
  /** Shows a spinner, keeps focus and ignores presses while an action runs. */
  isPending?: boolean;
  /** Announced while `isPending`. */
  pendingLabel?: string;
  onPress?: () => void;
  children: ReactNode;
  'aria-label'?: string;
  className?: string;
  /** Associates a submit button with a form elsewhere in the page. */
  form?: string;
  autoFocus?: boolean;
  slot?: string;
}

/** A react-aria Button; the variant is exposed as `data-variant` for static styling. */
export function Button({
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
  slot,
  'aria-label': ariaLabel,
}: ButtonProps) {
  return (
    <StyledButton
      data-variant={variant}
      data-size={size}
      type={type}
      isDisabled={isDisabled}
      isPending={isPending}
      onPress={onPress ? () => onPress() : undefined}
      className={className}
      form={form}
      autoFocus={autoFocus}
      slot={slot}
      aria-label={ariaLabel}
    >
      {isPending ? (
        <>
          <ProgressBar aria-label={pendingLabel} isIndeterminate>
            <PendingSpinner />
          </ProgressBar>
          {children}
        </>
      ) : (
        children
      )}
    </StyledButton>
  );
}
