import type { AuditEntry, AuditLogPort } from '@clinic/core';
import type { Knex } from 'knex';

const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

export class KnexAuditLog implements AuditLogPort {
  constructor(private readonly knex: Knex) {}

  async append(entry: AuditEntry): Promise<void> {
    await this.knex('audit_log').insert({
      actor_type: entry.actorType,
      actor_id: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      before: json(entry.before),
      after: json(entry.after),
      request_id: entry.requestId ?? null,
      ip: entry.ip ?? null,
    });
  }
}
