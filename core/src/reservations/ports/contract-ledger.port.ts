/** Contracted courses (役務): whether a member may book a CONTRACT menu, and the sessions visits use. */
export interface ContractLedgerPort {
  hasRemainingSessions(userId: string, menuId: string, onDate: string): Promise<boolean>;
  /**
   * Brings the sessions used by a reservation in line with its status: VISITED uses one session of
   * a fitting contract per CONTRACT menu (once), anything else gives used sessions back.
   */
  settleVisit(reservationId: string, visited: boolean): Promise<void>;
}
