import type { Contract } from '../domain/contract.entity';
import type { ContractRepositoryPort } from '../ports/contract-repository.port';
import type { BookingRestriction } from '../../no-shows/domain/booking-restriction';
import type { BookingRestrictions } from '../../no-shows/application/booking-restrictions';
import type { ReservationView } from '../../reservations/domain/reservation.entity';
import type { ReservationRepositoryPort } from '../../reservations/ports/reservation-repository.port';
import type { CheckItem } from '../../settings/domain/check-item.entity';
import type { ChecklistUseCase } from '../../settings/application/checklist.use-case';
import type { Actor } from '../../shared/actor';
import { datesInOrder } from '../../shared/period';
import { fail, ok, type Result } from '../../shared/result';
import type { MemberDirectoryPort, MemberFilter, MemberListing, MemberPage } from '../ports/member-directory.port';

/** What the staff member panel shows of one member (the read model of `/users/:id/with-details`). */
export interface MemberDetail {
  readonly listing: MemberListing;
  /** Latest start first. */
  readonly reservations: readonly ReservationView[];
  readonly contracts: readonly Contract[];
  /** The check items as this staff member sees them (none when the member has none to show). */
  readonly checkItems: readonly CheckItem[];
  readonly tags: readonly { readonly id: string; readonly name: string; readonly displayOrder: number }[];
  /** No-shows in the clinic's window, and the online-booking restriction they or staff set. */
  readonly noShowCount: number;
  readonly bookingRestriction: BookingRestriction;
}

const UNRESTRICTED: BookingRestriction = { restricted: false, reason: '', sinceMs: null, by: null };

/**
 * The staff's reads of members: the search with its rules, and the member detail read model
 * assembled from the modules that hold its parts (issue 22: decided here, not in the router).
 */
export class MemberQueriesUseCase {
  constructor(
    private readonly directory: MemberDirectoryPort,
    private readonly reservations: Pick<ReservationRepositoryPort, 'listForMember'>,
    private readonly contracts: Pick<ContractRepositoryPort, 'listForMember'>,
    private readonly checklist: Pick<ChecklistUseCase, 'list'>,
    /** The no-show policy (optional: without it, no count and no restriction). */
    private readonly restrictions?: Pick<BookingRestrictions, 'forStaff'>,
  ) {}

  /** The advanced search: its last-visit period in order (both ends included). */
  async search(filter: MemberFilter, page: number, pageSize: number): Promise<Result<MemberPage, 'VALIDATION_FAILED'>> {
    if (filter.lastVisitFrom && filter.lastVisitTo) {
      const ordered = datesInOrder(filter.lastVisitFrom, filter.lastVisitTo, 'lastVisitTo');
      if (!ordered.ok) return ordered;
    }
    return ok(await this.directory.search(filter, page, pageSize));
  }

  async detail(staff: Actor, memberId: string): Promise<Result<MemberDetail, 'USER_NOT_FOUND'>> {
    const [listing] = await this.directory.byIds([memberId]);
    if (!listing) return fail('USER_NOT_FOUND');
    return ok(await this.detailOf(staff, listing));
  }

  /** The details of members listed already (missing ones left out), one after another. */
  async details(staff: Actor, memberIds: readonly string[]): Promise<MemberDetail[]> {
    const details: MemberDetail[] = [];
    for (const listing of await this.directory.byIds(memberIds)) details.push(await this.detailOf(staff, listing));
    return details;
  }

  private async detailOf(staff: Actor, listing: MemberListing): Promise<MemberDetail> {
    const id = listing.member.id;
    const [reservations, contracts, checkItems, tags, policy] = await Promise.all([
      this.reservations.listForMember(id),
      this.contracts.listForMember(id),
      this.checklist.list(staff, id),
      this.directory.tagsOf(id),
      this.restrictions?.forStaff(id, listing.member.clinicId) ?? null,
    ]);
    return {
      listing,
      reservations: [...reservations].sort((a, b) => b.startMs - a.startMs || Number(b.id) - Number(a.id)),
      contracts,
      checkItems: checkItems.ok ? checkItems.value : [],
      tags,
      noShowCount: policy?.noShowCount ?? 0,
      bookingRestriction: policy?.bookingRestriction ?? UNRESTRICTED,
    };
  }
}
