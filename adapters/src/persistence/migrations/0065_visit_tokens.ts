import type { Knex } from 'knex';

/**
 * A guest's visit-confirmation link carries a token of its own (issue 26): it confirms the visit
 * and nothing else, so a mail scanner or a forwarded reminder cannot cancel or change the booking.
 * Only its SHA-256 is kept, as for the cancel token. Bookings made before have none: their
 * reminders carry no confirm link (the cancel token still confirms, as shared/API.md says).
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table reservations add column visit_token_hash text constraint reservations_visit_token_unique unique');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table reservations drop column visit_token_hash');
};
