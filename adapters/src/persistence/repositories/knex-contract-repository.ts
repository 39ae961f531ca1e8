import type { Contract, ContractRepositoryPort, NewContract, Translations } from '@clinic/core';
import type { Knex } from 'knex';
import { translationsOf } from './knex-menu-repository';

interface ContractRow {
  id: string;
  user_id: string;
  menu_id: string;
  menu_name: string;
  menu_translations: Translations | string | null;
  clinic_id: string;
  category_id: string;
  sessions_total: number;
  sessions_used: number;
  expires_on: string | null;
  created_at: string | Date;
}

const toContract = (row: ContractRow): Contract => ({
  id: String(row.id),
  userId: String(row.user_id),
  menuId: String(row.menu_id),
  menuName: row.menu_name,
  menuTranslations: translationsOf(row.menu_translations),
  clinicId: String(row.clinic_id),
  categoryId: String(row.category_id),
  sessionsTotal: row.sessions_total,
  sessionsUsed: row.sessions_used,
  expiresOn: row.expires_on,
  createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
});

/** The built-in contracts ledger (`contracts`), read with each contract's menu. */
export class KnexContractRepository implements ContractRepositoryPort {
  constructor(private readonly knex: Knex) {}

  private select() {
    return this.knex('contracts as c')
      .join('menus as m', 'm.id', 'c.menu_id')
      .select(
        'c.id',
        'c.user_id',
        'c.menu_id',
        'm.name as menu_name',
        'm.translations as menu_translations',
        'm.clinic_id',
        'm.category_id',
        'c.sessions_total',
        'c.sessions_used',
        this.knex.raw('c.expires_on::text as expires_on'),
        'c.created_at',
      );
  }

  async add(contract: NewContract): Promise<Contract> {
    const [row] = await this.knex('contracts')
      .insert({ user_id: contract.userId, menu_id: contract.menuId, sessions_total: contract.sessionsTotal, expires_on: contract.expiresOn })
      .returning('id');
    const created: ContractRow | undefined = await this.select().where('c.id', row.id).first();
    return toContract(created!);
  }

  async listForMember(userId: string): Promise<Contract[]> {
    if (!/^\d{1,18}$/.test(userId)) return [];
    const rows: ContractRow[] = await this.select().where('c.user_id', userId).orderBy('c.id', 'desc');
    return rows.map(toContract);
  }

  async menuKind(menuId: string): Promise<'NEW' | 'CONTRACT' | 'INSURANCE' | null> {
    if (!/^\d{1,18}$/.test(menuId)) return null;
    const row = await this.knex('menus').where('id', menuId).first('kind');
    return row ? row.kind : null;
  }
}
