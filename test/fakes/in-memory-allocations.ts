import { DomainRuleViolation, type ErrorCode, type ResourceType } from '@clinic/core';

/** One hold of a staff member, room or machine over a half-open time range `[startMs, endMs)`. */
export interface Hold {
  readonly type: ResourceType;
  readonly resourceId: string;
  readonly startMs: number;
  readonly endMs: number;
}

export interface Allocation extends Hold {
  readonly clinicId: string;
  readonly live: boolean;
  /** Whose hold it is: `reservation:<id>` or `block:<id>`. */
  readonly owner: string;
}

export const reservationOwner = (id: string): string => `reservation:${id}`;
export const blockOwner = (id: string): string => `block:${id}`;

const clash = (a: Hold, b: Hold): boolean => a.type === b.type && a.resourceId === b.resourceId && a.startMs < b.endMs && b.startMs < a.endMs;

/**
 * The `allocations` table in memory, shared by the reservation and block fakes: its exclusion
 * constraint (`allocations_no_overlap`: no two live holds of one resource overlap) is checked on
 * every write, which is refused as a whole with the conflict code the caller gives, as the Knex
 * repositories translate SQLSTATE 23P01.
 */
export class InMemoryAllocations {
  private rows: Allocation[] = [];

  /** Replaces the holds of `owner` with these (all or nothing). */
  put(owner: string, clinicId: string, holds: readonly Hold[], live: boolean, conflict: ErrorCode): void {
    for (const hold of holds) {
      // The table's check: a hold is a non-empty range.
      if (!(hold.startMs < hold.endMs)) throw new Error(`allocations: empty range for ${hold.type} ${hold.resourceId}`);
    }
    const others = this.rows.filter((row) => row.owner !== owner);
    const next = holds.map((hold) => ({ ...hold, clinicId, live, owner }));
    if (live) assertFree(next, others, conflict);
    this.rows = [...others, ...next];
  }

  /** Makes the holds of `owner` live or not; making them live is refused when one would overlap another live hold. */
  setLive(owner: string, live: boolean, conflict: ErrorCode): void {
    const own = this.rows.filter((row) => row.owner === owner);
    const others = this.rows.filter((row) => row.owner !== owner);
    if (live) assertFree(own, others, conflict);
    this.rows = [...others, ...own.map((row) => ({ ...row, live }))];
  }

  release(owner: string): void {
    this.rows = this.rows.filter((row) => row.owner !== owner);
  }

  /** Live holds at a clinic overlapping `[fromMs, toMs)`, but those of `exceptOwner`. */
  live(clinicId: string, fromMs: number, toMs: number, exceptOwner?: string): Allocation[] {
    return this.rows.filter((row) => row.live && row.clinicId === clinicId && row.owner !== exceptOwner && row.startMs < toMs && fromMs < row.endMs);
  }
}

/** Refuses holds about to be live that overlap a live hold of another owner, or one another. */
const assertFree = (candidates: readonly Allocation[], others: readonly Allocation[], conflict: ErrorCode): void => {
  const held = others.filter((row) => row.live);
  candidates.forEach((row, index) => {
    if (held.some((other) => clash(row, other)) || candidates.slice(index + 1).some((other) => clash(row, other))) {
      throw new DomainRuleViolation({ code: conflict });
    }
  });
};
