import type { Member, MemberChanges, MemberWriteOptions, NewMember } from '../domain/member.entity';

export interface MemberRepositoryPort {
  findById(id: string): Promise<Member | null>;
  /** By card number, or by email (case-insensitive) when the identifier contains '@'. */
  findByLoginIdentifier(identifier: string): Promise<Member | null>;
  /**
   * Throws DomainRuleViolation(EMAIL_DUPLICATE or ACCOUNT_EXISTS) on a taken email or card number.
   * With `creditIntroducer`, the introducer's gift count goes up by one in the same transaction.
   */
  create(member: NewMember, options?: MemberWriteOptions): Promise<Member>;
  /** Changes a member (null when unknown); errors and `creditIntroducer` as in `create`. */
  update(id: string, changes: MemberChanges, options?: MemberWriteOptions): Promise<Member | null>;
  /** The next free card number: the largest all-digit one + 1, at least 100001. */
  nextUserNumber(): Promise<string>;
}
