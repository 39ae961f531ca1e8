import type { Announcement, AnnouncementInput } from '../domain/announcement.entity';

/** Lists are newest first: by `publishedFrom` descending, then id descending. */
export interface AnnouncementRepositoryPort {
  /** Every announcement, or those of one clinic and the chain-wide ones. */
  list(filter?: { readonly clinicId?: string }): Promise<Announcement[]>;
  findById(id: string): Promise<Announcement | null>;
  create(input: AnnouncementInput, createdBy: string | null): Promise<Announcement>;
  /** Null when there is no such announcement. */
  update(id: string, input: AnnouncementInput): Promise<Announcement | null>;
  delete(id: string): Promise<boolean>;
  /** Those a member of `clinicId` sees at `nowIso`: the clinic's and the chain-wide ones, published now. */
  publishedFor(clinicId: string, nowIso: string): Promise<Announcement[]>;
}
