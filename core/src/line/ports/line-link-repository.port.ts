export type LineLinkOutcome = 'linked' | 'taken' | 'member-not-found';

/** Which member a LINE user id belongs to (`users.line_user_id`, unique). */
export interface LineLinkRepositoryPort {
  findMemberIdByLineUserId(lineUserId: string): Promise<string | null>;
  /** Links the LINE user to the member; 'taken' when another member already holds that LINE user. */
  link(memberId: string, lineUserId: string): Promise<LineLinkOutcome>;
}
