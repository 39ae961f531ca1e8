/**
 * What the chain's salon-management system (販売管理システム) knows about a member and their
 * contracts (役務契約). Its own member id is kept on our member as `externalMemberId`; the card
 * number (診察券番号) is shared by both systems and links them until the id is known.
 */
export interface SalonMember {
  readonly memberId: string;
  readonly cardNumber: string | null;
  readonly name: string;
  readonly kana: string | null;
  readonly phone: string | null;
  readonly email: string | null;
  /** Loyalty points held at the salon till (ポイント). */
  readonly points: number;
}

export interface SalonContract {
  readonly contractId: string;
  /** The reservation system's menu id (the salon system's product master carries it). */
  readonly menuId: string;
  readonly menuName: string;
  readonly sessionsTotal: number;
  readonly sessionsUsed: number;
  readonly expiresOn: string | null;
  readonly contractedAt: string;
}

/** One member of the salon system's export, with every contract, for the sync. */
export interface SalonExportedMember extends SalonMember {
  readonly contracts: readonly SalonContract[];
}

/** How we point at a member in the salon system: its id once linked, else the card number. */
export type SalonMemberRef = { readonly memberId: string } | { readonly cardNumber: string };

export const salonRefOf = (member: { readonly externalMemberId: string | null; readonly userNumber: string | null }): SalonMemberRef | null =>
  member.externalMemberId ? { memberId: member.externalMemberId } : member.userNumber ? { cardNumber: member.userNumber } : null;

/** One thing the sync could not apply, and why, in Japanese. */
export interface SalonSyncError {
  readonly memberId: string;
  readonly contractId?: string;
  readonly reason: string;
}

export interface SalonSyncCounts {
  readonly created: number;
  readonly updated: number;
  readonly unchanged: number;
}

/**
 * What a sync changed. Members: a link (`externalMemberId`) set for the first time is created,
 * a changed one updated. Contracts: mirrored into the built-in ledger by their salon id.
 */
export interface SalonSyncReport extends SalonSyncCounts {
  readonly errors: readonly SalonSyncError[];
  readonly members: SalonSyncCounts;
  readonly contracts: SalonSyncCounts;
}

/** Why a call to the salon system failed: each is answered 503 to the person who asked. */
export type SalonFailure = 'TIMEOUT' | 'UNREACHABLE' | 'SERVER_ERROR' | 'CIRCUIT_OPEN' | 'INVALID_RESPONSE' | 'REJECTED';
