import type { MessagePayload } from '@clinic/core';
import type { Knex } from 'knex';
import { SecretBox } from '../../security/secret-box';

/** The payload fields that hold a guest's token (each gives access to a booking or a waitlist entry). */
const TOKEN_FIELDS = ['cancelToken', 'visitToken', 'waitlistToken'] as const;
type TokenField = (typeof TOKEN_FIELDS)[number];

/** The mark of a database whose stored messages hold no token in the clear any more. */
const SEALED_MARK = 'message-payload-tokens-sealed';

const contextOf = (field: TokenField): string => `message-payload:${field}`;

/**
 * A guest's tokens in the outbox's payloads are sealed (issue 26), as the reservations and
 * waitlist entries keep only their hashes: a copy of the database or of a backup gives no link
 * that cancels, confirms or accepts anything. AES-256-GCM (`SecretBox`) under the messages' own
 * key, derived from the two-factor key (server/src/secret-key.ts); the field's name is the
 * associated text, so a sealed cancel token does not open as a visit token. The token is needed
 * in the clear only when the message is rendered, at delivery.
 */
export class PayloadTokens {
  constructor(private readonly box: SecretBox) {}

  seal(payload: MessagePayload): Record<string, string> {
    const sealed: Record<string, string> = {};
    for (const field of TOKEN_FIELDS) {
      const value = payload[field];
      if (value) sealed[field] = this.box.seal(value, contextOf(field));
    }
    return sealed;
  }

  /** The token in the clear; one stored before sealing began opens as itself; one that does not open is null (the message goes out without its links). */
  open(field: TokenField, value: string | null): string | null {
    if (!value) return null;
    try {
      return this.box.open(value, contextOf(field));
    } catch {
      return null;
    }
  }

  /**
   * Seals the tokens still stored in the clear (messages written before sealing began); run at
   * start. Returns how many messages it sealed. Once a pass has found nothing left, the database
   * is marked (`maintenance_marks`, migration 0112) and later starts read no message: every
   * message written since is sealed as it is written.
   */
  async sealStored(knex: Knex, batchSize = 500): Promise<number> {
    if (await knex('maintenance_marks').where('name', SEALED_MARK).first('name')) return 0;
    const total = await this.sealAll(knex, batchSize);
    await knex.raw('insert into maintenance_marks (name) values (?) on conflict (name) do nothing', [SEALED_MARK]);
    return total;
  }

  private async sealAll(knex: Knex, batchSize: number): Promise<number> {
    // The copies of texts sent before their tokens were left out (knex-message-repository.ts, withoutTokens).
    // (\x3f is the question mark, which knex would read as a binding.)
    await knex.raw(
      `update messages set body = regexp_replace(body, '([\\x3f&]token=)[^\\s&"''<>]+', '\\1（省略）', 'g')
       where body ~ '[\\x3f&]token=[^（]'`,
    );
    let total = 0;
    for (;;) {
      const rows = (await knex('messages')
        .select('id', 'payload')
        .where((q) => {
          for (const field of TOKEN_FIELDS) q.orWhereRaw(`payload->>'${field}' is not null and payload->>'${field}' not like 'v1.%'`);
        })
        .limit(batchSize)) as { id: string; payload: string | Record<string, string> }[];
      for (const row of rows) {
        const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, string>) : row.payload;
        const next: Record<string, string> = { ...payload };
        for (const field of TOKEN_FIELDS) {
          const value = payload[field];
          if (value && !SecretBox.isSealed(value)) next[field] = this.box.seal(value, contextOf(field));
        }
        await knex('messages')
          .where('id', row.id)
          .update({ payload: JSON.stringify(next) });
      }
      total += rows.length;
      if (rows.length < batchSize) return total;
    }
  }
}
