import {
  nameKey,
  type GuestLookup,
  type GuestMembersPort,
  type Language,
  type MemberStatus,
  type NormalisedGuest,
  type TemporaryMemberRecord,
} from '@clinic/core';
import type { Knex } from 'knex';
import { SCHEMA_LOCK } from './schema-lock';

/**
 * The members of a guest booking, on the booking's transaction `trx` (docs/decisions.md, "Members
 * and guests"): SQL only, the rule is the core's `decideGuestMember`. Phones and names are
 * compared by their keys (`person_phone_key`, `person_name_key`, migration 0045: the core's
 * `phoneKey` and `nameKey`), so rows written by hand or by staff are found too, however spelt.
 */
export class KnexGuestMembers implements GuestMembersPort {
  constructor(private readonly trx: Knex.Transaction) {}

  /** A transaction-scoped advisory lock on the clinic and phone. */
  async lock(clinicId: string, phone: string): Promise<void> {
    await this.trx.raw(SCHEMA_LOCK, [`guest:${clinicId}:${phone}`]);
  }

  async lookup(guest: NormalisedGuest): Promise<GuestLookup> {
    const samePhoneAndName = (await this.trx('users')
      .where('clinic_id', guest.clinicId)
      .whereRaw('person_phone_key(phone) = ?', [guest.phone])
      .whereRaw('person_name_key(name) = ?', [nameKey(guest.name)])
      .orderBy('id')
      .select('id', 'status')) as Array<{ id: string; status: MemberStatus }>;
    // users_email_unique (lower(email)): one member at most.
    const owner = guest.email
      ? ((await this.trx('users').whereRaw('lower(email) = lower(?)', [guest.email]).first('status')) as { status: MemberStatus } | undefined)
      : undefined;
    return { samePhoneAndName: samePhoneAndName.map((row) => ({ id: String(row.id), status: row.status })), emailOwner: owner?.status ?? null };
  }

  async reuse(id: string, language: Language | null): Promise<void> {
    // The update locks the row as `select … for update` would.
    if (language) await this.trx('users').where('id', id).update({ language });
    else await this.trx('users').where('id', id).forUpdate().first('id');
  }

  async create(record: TemporaryMemberRecord): Promise<string> {
    const { clinicId, ...columns } = record;
    // Another guest's booking may take the same new e-mail meanwhile (users_email_unique; the lock
    // is per phone): then this 仮会員 is made without it, as when the e-mail was taken before.
    const [row] = await this.trx('users')
      .insert({ clinic_id: clinicId, ...columns })
      .onConflict()
      .ignore()
      .returning('id');
    if (row) return String(row.id);
    const [again] = await this.trx('users')
      .insert({ clinic_id: clinicId, ...columns, email: null })
      .returning('id');
    return String(again.id);
  }
}
