import type { SalonExportedMember, SalonMirrorPort, SalonSyncError, SalonSyncReport } from '@clinic/core';
import type { Knex } from 'knex';

interface Counts {
  created: number;
  updated: number;
  unchanged: number;
}

const zero = (): Counts => ({ created: 0, updated: 0, unchanged: 0 });

/**
 * Applies the salon system's export in one transaction: each salon member is linked to our member
 * with the same card number (`users.external_member_id`), and each of their contracts is mirrored
 * into the built-in ledger keyed by its salon id (`contracts.external_id`). What cannot be applied
 * (no member with that card number, a menu we do not have) is reported and skipped.
 */
export class KnexSalonMirror implements SalonMirrorPort {
  constructor(private readonly knex: Knex) {}

  apply(members: readonly SalonExportedMember[]): Promise<SalonSyncReport> {
    return this.knex.transaction(async (trx) => {
      const linked = zero();
      const mirrored = zero();
      const errors: SalonSyncError[] = [];
      for (const salon of members) {
        const user: { id: string; external_member_id: string | null } | undefined = salon.cardNumber
          ? await trx('users').where('user_number', salon.cardNumber).forUpdate().first('id', 'external_member_id')
          : await trx('users').where('external_member_id', salon.memberId).forUpdate().first('id', 'external_member_id');
        if (!user) {
          errors.push({
            memberId: salon.memberId,
            reason: salon.cardNumber ? `診察券番号 ${salon.cardNumber} の会員が見つかりません。` : '診察券番号がなく、連携済みの会員も見つかりません。',
          });
          continue;
        }
        const other = await trx('users').where('external_member_id', salon.memberId).whereNot('id', user.id).first('id');
        if (other) {
          errors.push({ memberId: salon.memberId, reason: 'このサロン会員IDはすでに別の会員に連携されています。' });
          continue;
        }
        if (user.external_member_id === salon.memberId) {
          linked.unchanged++;
        } else {
          await trx('users').where('id', user.id).update({ external_member_id: salon.memberId });
          if (user.external_member_id === null) linked.created++;
          else linked.updated++;
        }
        for (const contract of salon.contracts) {
          const menu = await trx('menus').where('id', contract.menuId).first('kind');
          if (!menu || menu.kind !== 'CONTRACT') {
            errors.push({
              memberId: salon.memberId,
              contractId: contract.contractId,
              reason: `メニューID ${contract.menuId} の役務メニューが見つかりません。`,
            });
            continue;
          }
          const wanted = {
            user_id: String(user.id),
            menu_id: contract.menuId,
            sessions_total: contract.sessionsTotal,
            sessions_used: contract.sessionsUsed,
            expires_on: contract.expiresOn,
          };
          const existing = await trx('contracts')
            .where('external_id', contract.contractId)
            .forUpdate()
            .first('id', 'user_id', 'menu_id', 'sessions_total', 'sessions_used', trx.raw('expires_on::text as expires_on'));
          if (!existing) {
            await trx('contracts').insert({ ...wanted, external_id: contract.contractId, created_at: contract.contractedAt });
            mirrored.created++;
          } else if (
            String(existing.user_id) !== wanted.user_id ||
            String(existing.menu_id) !== wanted.menu_id ||
            existing.sessions_total !== wanted.sessions_total ||
            existing.sessions_used !== wanted.sessions_used ||
            existing.expires_on !== wanted.expires_on
          ) {
            await trx('contracts').where('id', existing.id).update(wanted);
            mirrored.updated++;
          } else {
            mirrored.unchanged++;
          }
        }
      }
      return {
        created: linked.created + mirrored.created,
        updated: linked.updated + mirrored.updated,
        unchanged: linked.unchanged + mirrored.unchanged,
        errors,
        members: linked,
        contracts: mirrored,
      };
    });
  }
}
