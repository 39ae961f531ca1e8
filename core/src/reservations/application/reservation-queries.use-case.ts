import { CLINIC_ZONE } from '../../shared/clock.port';
import { dayStartMs, instantsInOrder } from '../../shared/period';
import { fail, ok, type Result } from '../../shared/result';
import type { ReservationStatus, ReservationView } from '../domain/reservation.entity';
import type { AvailabilitySourcePort } from '../ports/availability-source.port';
import type { ReservationRepositoryPort, StaffReservationFilter } from '../ports/reservation-repository.port';
import { unusable } from './book-reservation.use-case';

/** The calendar reads at most six weeks at once (a month view with its edges). */
export const CALENDAR_MAX_DAYS = 42;
/** A staff search of reservations spans at most 90 days. */
export const RESERVATION_SEARCH_MAX_DAYS = 90;

export interface FreeResources {
  readonly staffIds: string[];
  readonly roomIds: string[];
  readonly machineIds: string[];
}

export interface ReservationSearch {
  readonly clinicId: string;
  /** Dates (YYYY-MM-DD, clinic time), both included. */
  readonly from: string;
  readonly to: string;
  readonly userId?: string;
  readonly status?: ReservationStatus;
  /** Part of the member's name or kana, or their whole 診察券番号. */
  readonly keyword?: string;
}

/**
 * What staff read about reservations: the calendar's range, the search with its filters (in the
 * database), and which staff, rooms and machines are free for a span, by the same rule a booking
 * with hand-given resources is checked with (`unusable`): a person is free when at work (their
 * schedules, without breaks) and holding nothing; a room or machine when holding nothing.
 */
export class ReservationQueriesUseCase {
  constructor(
    private readonly reservations: Pick<ReservationRepositoryPort, 'listForClinic' | 'searchForClinic'>,
    private readonly source: AvailabilitySourcePort,
    private readonly zone: string = CLINIC_ZONE,
  ) {}

  async calendar(clinicId: string, from: string, to: string): Promise<Result<ReservationView[], 'SEARCH_PERIOD_TOO_LONG'>> {
    const range = this.days(from, to, CALENDAR_MAX_DAYS);
    if (!range) return fail('SEARCH_PERIOD_TOO_LONG');
    return ok(await this.reservations.listForClinic(clinicId, range.fromMs, range.toMs));
  }

  async search(query: ReservationSearch): Promise<Result<ReservationView[], 'SEARCH_PERIOD_TOO_LONG'>> {
    const range = this.days(query.from, query.to, RESERVATION_SEARCH_MAX_DAYS);
    if (!range) return fail('SEARCH_PERIOD_TOO_LONG');
    const keyword = query.keyword?.trim();
    const filter: StaffReservationFilter = {
      ...(query.userId ? { userId: query.userId } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(keyword ? { keyword } : {}),
    };
    return ok(await this.reservations.searchForClinic(query.clinicId, range.fromMs, range.toMs, filter));
  }

  /** `endMs` after `startMs` (the HTTP adapter refuses anything else as bad input); an empty span frees nothing. */
  async freeResources(query: {
    clinicId: string;
    startMs: number;
    endMs: number;
    excludeReservationId?: string;
  }): Promise<Result<FreeResources, 'CLINIC_NOT_FOUND' | 'VALIDATION_FAILED'>> {
    const ordered = instantsInOrder(query.startMs, query.endMs, 'endsAt');
    if (!ordered.ok) return ordered;
    const context = await this.source.load(
      query.clinicId,
      null,
      query.startMs,
      query.endMs,
      query.excludeReservationId ? { excludeReservationId: query.excludeReservationId } : {},
    );
    if (!context) return fail('CLINIC_NOT_FOUND');
    const task = (resource: { staffId?: string; roomId?: string; machineId?: string }) => ({
      startMs: query.startMs,
      endMs: query.endMs,
      staffId: resource.staffId ?? null,
      roomId: resource.roomId ?? null,
      machineId: resource.machineId ?? null,
    });
    return ok({
      staffIds: context.staffIds.filter((staffId) => unusable(context, task({ staffId })) === null),
      roomIds: context.roomIds.filter((roomId) => unusable(context, task({ roomId })) === null),
      machineIds: context.machineIds.filter((machineId) => unusable(context, task({ machineId })) === null),
    });
  }

  /** The instants of a range of whole days in clinic time, or null when it is reversed or too long. */
  private days(from: string, to: string, maxDays: number): { fromMs: number; toMs: number } | null {
    const fromMs = dayStartMs(this.zone, from, 0);
    const toMs = dayStartMs(this.zone, to, 1);
    if (!Number.isFinite(fromMs) || !Number.isFinite(toMs) || toMs <= fromMs) return null;
    // Whole days between two midnights: 23 or 25 hours across a change of offset still round to one.
    return Math.round((toMs - fromMs) / DAY_MS) > maxDays ? null : { fromMs, toMs };
  }
}

const DAY_MS = 86_400_000;
