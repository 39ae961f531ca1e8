import { phoneKey, type ManualRestriction, type NoShow, type NoShowRecordPort } from '@clinic/core';
import type { Knex } from 'knex';

const ID = /^\d{1,18}$/;

/** No-shows (NOT_VISITED reservations) and the restriction staff set on `users`. */
export class KnexNoShowRecords implements NoShowRecordPort {
  constructor(private readonly knex: Knex) {}

  async noShows(userId: string, sinceMs: number): Promise<NoShow[]> {
    if (!ID.test(userId)) return [];
    // A status change to NOT_VISITED sets cancelled_at (the database's now()); a row written by hand has its updated_at.
    const rows = (await this.knex('reservations')
      .where({ user_id: userId, status: 'NOT_VISITED' })
      .where('starts_at', '>=', new Date(sinceMs).toISOString())
      .orderBy('starts_at', 'desc')
      .select(
        this.knex.raw('(extract(epoch from starts_at) * 1000)::float8 as start_ms'),
        this.knex.raw('(extract(epoch from coalesce(cancelled_at, updated_at)) * 1000)::float8 as recorded_ms'),
      )) as { start_ms: number; recorded_ms: number }[];
    return rows.map((row) => ({ startMs: Number(row.start_ms), recordedAtMs: Number(row.recorded_ms) }));
  }

  async manual(userId: string): Promise<ManualRestriction | null> {
    if (!ID.test(userId)) return null;
    const row = (await this.knex('users as u')
      .leftJoin('staffs as s', 's.id', 'u.booking_restriction_by')
      .where('u.id', userId)
      .first(
        'u.booking_restriction',
        'u.booking_restriction_reason',
        's.name as by_name',
        this.knex.raw('(extract(epoch from u.booking_restriction_at) * 1000)::float8 as at_ms'),
      )) as { booking_restriction: boolean | null; booking_restriction_reason: string; by_name: string | null; at_ms: number | null } | undefined;
    if (!row || row.booking_restriction === null) return null;
    return {
      restricted: row.booking_restriction,
      reason: row.booking_restriction_reason,
      atMs: row.at_ms === null ? null : Number(row.at_ms),
      by: row.by_name,
    };
  }

  async setManual(userId: string, restricted: boolean, reason: string, staffId: string): Promise<boolean> {
    if (!ID.test(userId)) return false;
    const updated = await this.knex('users')
      .where('id', userId)
      .update({
        booking_restriction: restricted,
        booking_restriction_reason: reason,
        // The database's clock, as the no-shows' cancelled_at: a lift and a later no-show compare on one clock.
        booking_restriction_at: this.knex.fn.now(),
        booking_restriction_by: ID.test(staffId) ? staffId : null,
        updated_at: this.knex.fn.now(),
      });
    return updated > 0;
  }

  async membersByPhone(clinicId: string, phone: string): Promise<string[]> {
    const key = phoneKey(phone);
    if (!ID.test(clinicId) || key === null) return [];
    // users_clinic_phone_key (migration 0045).
    const rows = (await this.knex('users')
      .where('clinic_id', clinicId)
      .whereRaw('person_phone_key(phone) = ?', [key])
      .orderBy('id')
      .limit(20)
      .select('id')) as {
      id: string;
    }[];
    return rows.map((row) => String(row.id));
  }
}
