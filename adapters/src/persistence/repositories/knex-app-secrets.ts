import type { Knex } from 'knex';
import { randomBytes } from 'node:crypto';

/**
 * Secrets every server of the database shares and nobody has to configure (`app_secrets`,
 * migration 0018): the first server that asks for one makes it (256 random bits), the others read
 * the same row. Cached per process.
 */
export class KnexAppSecrets {
  private readonly cache = new Map<string, Promise<string>>();

  constructor(private readonly knex: Knex) {}

  get(name: string): Promise<string> {
    let secret = this.cache.get(name);
    if (!secret) {
      secret = this.load(name);
      secret.catch(() => this.cache.delete(name));
      this.cache.set(name, secret);
    }
    return secret;
  }

  private async load(name: string): Promise<string> {
    await this.knex('app_secrets')
      .insert({ name, value: randomBytes(32).toString('base64url') })
      .onConflict('name')
      .ignore();
    const row = await this.knex('app_secrets').where('name', name).first('value');
    return String(row.value);
  }
}
