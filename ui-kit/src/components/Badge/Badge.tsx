import type { HTMLAttributes, ReactNode } from 'react';
import { BadgeRoot } from './Badge.styles';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'info';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  children: ReactNode;
  /** Colour of the state it names (default `neutral`: grey). */
  tone?: BadgeTone;
  /** `soft` (default): a bold status word; `outline`: a lighter framed pill for attributes listed side by side. */
  variant?: 'soft' | 'outline';
}

/** A short status word in a pill: 有効, 予約済み, 送信失敗… The word itself carries the meaning; the colour only repeats it. */
export function Badge({ tone = 'neutral', variant = 'soft', ...rest }: BadgeProps) {
  return <BadgeRoot data-tone={tone} data-variant={variant} {...rest} />;
}
