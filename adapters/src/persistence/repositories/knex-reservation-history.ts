import type { HistoryEntry, ReservationHistoryPort } from '@clinic/core';
import type { Knex } from 'knex';

export class KnexReservationHistory implements ReservationHistoryPort {
  constructor(private readonly knex: Knex) {}

  async history(reservationId: string): Promise<HistoryEntry[]> {
    if (!/^\d{1,18}$/.test(reservationId)) return [];
    const rows = await this.knex('audit_log as a')
      .joinRaw("left join staffs as s on a.actor_type = 'staff' and s.id::text = a.actor_id")
      .joinRaw("left join users as u on a.actor_type in ('user', 'guest') and u.id::text = a.actor_id")
      .where({ 'a.entity': 'reservation', 'a.entity_id': reservationId, 'a.kind': 'change' })
      .orderBy('a.id')
      .select(
        'a.action',
        'a.actor_type',
        'a.actor_id',
        's.name as staff_name',
        'u.name as user_name',
        this.knex.raw('(extract(epoch from a.at) * 1000)::float8 as at_ms'),
      );
    return rows.map(
      (row: { action: string; actor_type: string; actor_id: string | null; staff_name: string | null; user_name: string | null; at_ms: number }) => ({
        atMs: Number(row.at_ms),
        action: row.action,
        actor: { type: row.actor_type, id: row.actor_id, name: row.staff_name ?? row.user_name ?? null },
      }),
    );
  }
}
