import type { Translations } from '../../shared/language';

/** A member's purchased course of a CONTRACT menu (役務契約). */
export interface Contract {
  readonly id: string;
  readonly userId: string;
  readonly menuId: string;
  readonly menuName: string;
  /** The menu's English and Chinese texts: members see its name in their language. */
  readonly menuTranslations: Translations;
  readonly clinicId: string;
  readonly categoryId: string;
  readonly sessionsTotal: number;
  readonly sessionsUsed: number;
  readonly expiresOn: string | null;
  readonly createdAt: Date;
}

export interface NewContract {
  readonly userId: string;
  readonly menuId: string;
  readonly sessionsTotal: number;
  readonly expiresOn: string | null;
}

export const sessionsRemaining = (contract: Pick<Contract, 'sessionsTotal' | 'sessionsUsed'>): number => contract.sessionsTotal - contract.sessionsUsed;

/** Sessions left and not expired on the date: what a member may still book. */
export const isUsable = (contract: Contract, today: string): boolean =>
  sessionsRemaining(contract) > 0 && (contract.expiresOn === null || contract.expiresOn >= today);
