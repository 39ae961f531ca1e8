import type { Member, MemberStatus } from '../../accounts/domain/member.entity';

/** A member as the staff screens list them, with what other tables say about them. */
export interface MemberListing {
  readonly member: Member;
  readonly clinicName: string;
  readonly introducer: { readonly userNumber: string | null; readonly name: string } | null;
  readonly tagIds: readonly string[];
  /** Start of the latest VISITED reservation. */
  readonly lastVisitAt: Date | null;
  readonly createdAt: Date;
}

export interface MemberFilter {
  readonly keyword?: string;
  readonly userNumber?: string;
  readonly kana?: string;
  readonly phone?: string;
  readonly email?: string;
  readonly tagId?: string;
  readonly clinicId?: string;
  readonly status?: MemberStatus;
  /** Dates (Asia/Tokyo), inclusive. */
  readonly lastVisitFrom?: string;
  readonly lastVisitTo?: string;
}

export interface MemberPage {
  readonly items: readonly MemberListing[];
  readonly total: number;
}

/** Reads and small writes about members that belong to other tables (tags, clinics, menus). */
export interface MemberDirectoryPort {
  /** Newest first (id descending). */
  search(filter: MemberFilter, page: number, pageSize: number): Promise<MemberPage>;
  /** In the order asked; unknown ids left out. */
  byIds(ids: readonly string[]): Promise<MemberListing[]>;
  clinicExists(clinicId: string): Promise<boolean>;
  /** The ids among these that are not tags. */
  unknownTagIds(tagIds: readonly string[]): Promise<string[]>;
  /** Replaces the member's tags. */
  setTags(userId: string, tagIds: readonly string[]): Promise<void>;
  tagsOf(userId: string): Promise<Array<{ id: string; name: string; displayOrder: number }>>;
  clinicOf(clinicId: string): Promise<{ id: string; name: string; phone: string } | null>;
}
