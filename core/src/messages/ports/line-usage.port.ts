import type { MessageKind } from '../domain/message.entity';

/** The LINE messages sent in a month at one clinic, by kind (from the message log). */
export interface LineUsageRow {
  readonly clinicId: string;
  readonly clinicName: string;
  readonly byKind: Readonly<Record<MessageKind, number>>;
  /** The welcomes pushed to the clinic's members who followed the official account (outside the message log). */
  readonly welcomes: number;
}

/**
 * Counts of the message log for LINE's bill: the LINE pushes LINE accepted (`SENT`) whose sending
 * falls in `[fromIso, toIso)`, per clinic, and the welcomes pushed after a follow in that time. Every clinic asked for has a row, with zeros when none
 * was sent; `clinicId` null: every clinic of the chain, in the order of their ids.
 */
export interface LineUsagePort {
  lineUsage(range: { readonly fromIso: string; readonly toIso: string }, clinicId: string | null): Promise<LineUsageRow[]>;
}
