import type { DateTime } from 'luxon';
import type { Facility, FacilityChanges, FacilityKind, NewFacility } from '../domain/facility.entity';

/**
 * Rooms or machines of the chain (one instance per kind). Deleted ones are soft-deleted: they
 * are never answered again and their name is free for a new one.
 */
export interface FacilityRepositoryPort {
  readonly kind: FacilityKind;
  /** The clinic's live rooms (or machines), by display order then id; only the enabled ones when asked. */
  listByClinic(clinicId: string, options?: { enabledOnly?: boolean }): Promise<Facility[]>;
  findById(id: string): Promise<Facility | null>;
  /** Which of these ids are live rooms (or machines) of that clinic. */
  idsInClinic(clinicId: string, ids: readonly string[]): Promise<Set<string>>;
  /** Throws DomainRuleViolation(ROOM_EXISTS / MACHINE_EXISTS) when the name is taken in the clinic. */
  create(facility: NewFacility): Promise<Facility>;
  /** Null when unknown or deleted; throws DomainRuleViolation(…_EXISTS) on a taken name. */
  update(id: string, changes: FacilityChanges): Promise<Facility | null>;
  /** Whether a live (RESERVED or VISITED) reservation task that ends after `now` holds it. */
  isInUse(id: string, now: DateTime): Promise<boolean>;
  /** False when unknown or already deleted. */
  softDelete(id: string): Promise<boolean>;
}
