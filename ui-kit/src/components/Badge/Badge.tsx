import type { HTMLAttributes, ReactNode } from 'react';
import { BadgeRoot } from './Badge.styles';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'info';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  children: ReactNode;
  /** Colour of the state it names (default `neutral`: grey). */
  tone?: BadgeTone;
}

/** A short status word in a pill: 有効, 予約済み, 送信失敗… The word itself carries the meaning; the colour only repeats it. */
export function Badge({ tone = 'neutral', ...rest }: BadgeProps) {
  return <BadgeRoot data-tone={tone} {...rest} />;
}
