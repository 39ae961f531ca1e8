import type { Knex } from 'knex';

/**
 * The welcome a linked member gets when they follow the official account is a LINE push outside
 * the message log (LineWebhookUseCase). LINE bills it like any message, so the follow event keeps
 * when it was pushed and the member's clinic, and the monthly count of LINE messages per clinic
 * (issue 24, 0060) counts it.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table line_webhook_events add column welcomed_at timestamptz');
  await knex.raw('alter table line_webhook_events add column welcome_clinic_id bigint references clinics (id) on delete set null');
  await knex.raw('create index line_webhook_events_welcomed on line_webhook_events (welcomed_at, welcome_clinic_id) where welcomed_at is not null');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop index line_webhook_events_welcomed');
  await knex.raw('alter table line_webhook_events drop column welcome_clinic_id');
  await knex.raw('alter table line_webhook_events drop column welcomed_at');
};
