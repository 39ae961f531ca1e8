import { MessageQueue, OutboxWriter, type Database } from '@clinic/adapters/persistence';
import type { NewMessage } from '@clinic/core';
import { memberOf, seedBookableClinic } from './booking-fixture';

/**
 * A clinic, a member linked to LINE and one reservation of theirs in 2030, written straight into
 * the database: what outbox rows need to point at. `writeMessages` then writes messages for it as a
 * booking does, rows and delivery jobs in one transaction.
 */
export const seedMessageTarget = async (db: Database, options: { userNumber: string; lineUserId: string; clinicName?: string }) => {
  const fixture = await seedBookableClinic(db, { firstDay: '2030-01-07', days: 1, ...(options.clinicName ? { name: options.clinicName } : {}) });
  const userId = await memberOf(db, fixture.clinicId, 'x', options.userNumber);
  await db.knex('users').where('id', userId).update({ line_user_id: options.lineUserId });
  const [reservation] = await db
    .knex('reservations')
    .insert({
      clinic_id: fixture.clinicId,
      user_id: userId,
      status: 'RESERVED',
      source: 'STAFF',
      starts_at: '2030-01-07T02:00:00Z',
      ends_at: '2030-01-07T03:00:00Z',
      created_by_type: 'staff',
    })
    .returning('id');
  await db.knex('reservation_menus').insert({ reservation_id: reservation.id, position: 0, menu_id: fixture.menuA });
  const about = { clinicId: fixture.clinicId, reservationId: String(reservation.id), userId };

  /** `leaseSeconds`: the servers' MESSAGE_LEASE_SECONDS (starting a queue applies its settings). */
  const writeMessages = async (jobSchema: string, messages: readonly NewMessage[], leaseSeconds = 60): Promise<void> => {
    const queue = new MessageQueue(
      db.knex,
      { schema: jobSchema, pollingIntervalSeconds: 0.5, expireInSeconds: leaseSeconds, maintenanceIntervalSeconds: leaseSeconds },
      () => undefined,
    );
    await queue.start();
    await db.knex.transaction((trx) => new OutboxWriter(queue).write(trx, about, { cancelReminders: false, messages }));
    await queue.stop();
  };
  return { ...about, writeMessages };
};
