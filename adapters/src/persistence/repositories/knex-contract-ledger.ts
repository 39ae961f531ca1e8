import type { ContractLedgerPort } from '@clinic/core';
import type { Knex } from 'knex';

/** The built-in ledger: a contract with sessions left that has not expired on the date. */
export class KnexContractLedger implements ContractLedgerPort {
  constructor(private readonly knex: Knex) {}

  async hasRemainingSessions(userId: string, menuId: string, onDate: string): Promise<boolean> {
    if (!/^\d{1,18}$/.test(userId) || !/^\d{1,18}$/.test(menuId)) return false;
    const row = await this.knex('contracts')
      .where({ user_id: userId, menu_id: menuId })
      .whereRaw('sessions_used < sessions_total')
      .where((builder) => builder.whereNull('expires_on').orWhere('expires_on', '>=', onDate))
      .first('id');
    return Boolean(row);
  }

  async settleVisit(reservationId: string, visited: boolean): Promise<void> {
    await this.knex.transaction(async (trx) => {
      if (!visited) {
        const uses: { contract_id: string }[] = await trx('contract_uses').where('reservation_id', reservationId).del().returning('contract_id');
        for (const use of uses) {
          await trx('contracts').where('id', use.contract_id).where('sessions_used', '>', 0).decrement('sessions_used', 1);
        }
        return;
      }
      const reservation = await trx('reservations')
        .where('id', reservationId)
        .first('user_id', trx.raw("(starts_at at time zone 'Asia/Tokyo')::date::text as visit_date"));
      if (!reservation) return;
      const menus: { menu_id: string }[] = await trx('reservation_menus as rm')
        .join('menus as m', 'm.id', 'rm.menu_id')
        .where('rm.reservation_id', reservationId)
        .where('m.kind', 'CONTRACT')
        .whereNotExists(trx('contract_uses as u').select(trx.raw('1')).whereRaw('u.reservation_id = rm.reservation_id and u.menu_id = rm.menu_id'))
        .distinct('rm.menu_id');
      for (const { menu_id } of menus) {
        // The contract expiring first, then the oldest, that still has a session on the visit date.
        const contract = await trx('contracts')
          .where({ user_id: reservation.user_id, menu_id })
          .whereRaw('sessions_used < sessions_total')
          .where((builder) => builder.whereNull('expires_on').orWhere('expires_on', '>=', reservation.visit_date))
          .orderByRaw('expires_on asc nulls last, id asc')
          .forUpdate()
          .first('id');
        if (!contract) continue;
        const inserted = await trx('contract_uses')
          .insert({ reservation_id: reservationId, menu_id, contract_id: contract.id })
          .onConflict(['reservation_id', 'menu_id'])
          .ignore()
          .returning('contract_id');
        if (inserted.length > 0) await trx('contracts').where('id', contract.id).increment('sessions_used', 1);
      }
    });
  }
}
