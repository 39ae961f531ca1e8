import type { Knex } from 'knex';

/**
 * The monthly count of LINE messages per clinic (issue 24; LINE bills the official account per
 * message): the LINE pushes LINE accepted, by the time they were sent. A partial index holds only
 * those rows, so a month's count reads its own LINE pushes (index only), however many mails and
 * months the message log holds.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`create index messages_line_sent on messages (sent_at, clinic_id, kind) where channel = 'LINE' and status = 'SENT'`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop index messages_line_sent');
};
