import type { TwoFactorRepositoryPort, TwoFactorState } from '@clinic/core';
import type { Knex } from 'knex';
import { SecretBox, SecretBoxError } from '../../security/secret-box';

const ID = /^\d{1,18}$/;

const asDate = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string | Date));

/** The associated text that binds a sealed secret to its staff row. */
const context = (staffId: string | number) => `staff:${staffId}`;

/**
 * Two-factor login columns of `staffs`, `staff_recovery_codes`, and `clinics.staff_two_factor_required_since`.
 * The TOTP secrets (active and pending) are stored sealed by `box` (AES-256-GCM, docs/security.md):
 * a copy of the database or of a backup does not give anyone the codes.
 */
export class KnexTwoFactorRepository implements TwoFactorRepositoryPort {
  constructor(
    private readonly knex: Knex,
    private readonly box: SecretBox,
  ) {}

  /**
   * At start-up: seals with the current key any secret stored in the clear (before sealing began)
   * or sealed with a previous key (a rotation), and checks that every sealed one opens: a wrong key
   * would lock out every staff member using two-factor login, so the server refuses to start
   * instead. Returns how many staff rows it sealed again.
   */
  async sealStoredSecrets(): Promise<number> {
    const rows: { id: string | number; two_factor_secret: string | null; two_factor_pending_secret: string | null }[] = await this.knex('staffs')
      .where((query) => query.whereNotNull('two_factor_secret').orWhereNotNull('two_factor_pending_secret'))
      .select('id', 'two_factor_secret', 'two_factor_pending_secret');
    let sealed = 0;
    for (const row of rows) {
      const update: Record<string, string> = {};
      for (const column of ['two_factor_secret', 'two_factor_pending_secret'] as const) {
        const value = row[column];
        if (value === null || this.box.isCurrent(value, context(row.id))) continue;
        let plain: string;
        try {
          plain = this.box.open(value, context(row.id));
        } catch (error) {
          if (error instanceof SecretBoxError) {
            throw new SecretBoxError(`TWO_FACTOR_KEY does not open the two-factor secret of staff ${row.id}: it is not the key they were sealed with`);
          }
          throw error;
        }
        update[column] = this.box.seal(plain, context(row.id));
      }
      if (Object.keys(update).length > 0) {
        // Only if the row still holds the values read (a concurrent change wins).
        await this.knex('staffs')
          .where({ id: row.id, two_factor_secret: row.two_factor_secret, two_factor_pending_secret: row.two_factor_pending_secret })
          .update(update);
        sealed += 1;
      }
    }
    return sealed;
  }

  async state(staffId: string): Promise<TwoFactorState | null> {
    if (!ID.test(staffId)) return null;
    const row = await this.knex('staffs as s')
      .leftJoin('clinics as c', 'c.id', 's.clinic_id')
      .where('s.id', staffId)
      .whereNull('s.deleted_at')
      .first(
        's.two_factor_secret',
        's.two_factor_pending_secret',
        's.two_factor_enabled_at',
        's.two_factor_last_step',
        's.two_factor_grace_from',
        'c.staff_two_factor_required_since',
        this.knex.raw('(select count(*) from staff_recovery_codes r where r.staff_id = s.id and r.used_at is null) as codes_left'),
      );
    if (!row) return null;
    return {
      secret: this.opened(staffId, row.two_factor_secret),
      pendingSecret: this.opened(staffId, row.two_factor_pending_secret),
      enabledAt: asDate(row.two_factor_enabled_at),
      lastUsedStep: row.two_factor_last_step === null ? null : Number(row.two_factor_last_step),
      graceFrom: asDate(row.two_factor_grace_from),
      recoveryCodesLeft: Number(row.codes_left),
      clinicRequiredSince: asDate(row.staff_two_factor_required_since),
    };
  }

  async startGrace(staffId: string, at: Date): Promise<void> {
    await this.knex('staffs').where({ id: staffId }).whereNull('two_factor_grace_from').update({ two_factor_grace_from: at });
  }

  async savePending(staffId: string, secret: string): Promise<void> {
    await this.knex('staffs')
      .where({ id: staffId })
      .update({ two_factor_pending_secret: this.box.seal(secret, context(staffId)) });
  }

  async activate(staffId: string, activation: { secret: string; at: Date; step: number; recoveryCodeDigests: readonly string[] }): Promise<boolean> {
    return this.knex.transaction(async (trx) => {
      // The pending secret is sealed with a fresh IV each time, so it is compared opened.
      const row = await trx('staffs').where({ id: staffId }).whereNull('two_factor_enabled_at').forUpdate().first('two_factor_pending_secret');
      if (!row || this.opened(staffId, row.two_factor_pending_secret) !== activation.secret) return false;
      await trx('staffs')
        .where({ id: staffId })
        .update({
          two_factor_secret: this.box.seal(activation.secret, context(staffId)),
          two_factor_pending_secret: null,
          two_factor_enabled_at: activation.at,
          two_factor_last_step: activation.step,
        });
      await this.insertCodes(trx, staffId, activation.recoveryCodeDigests);
      return true;
    });
  }

  async useStep(staffId: string, step: number): Promise<boolean> {
    const updated = await this.knex('staffs')
      .where({ id: staffId })
      .whereNotNull('two_factor_secret')
      .where((query) => query.whereNull('two_factor_last_step').orWhere('two_factor_last_step', '<', step))
      .update({ two_factor_last_step: step });
    return updated > 0;
  }

  async useRecoveryCode(staffId: string, digest: string, at: Date): Promise<boolean> {
    const updated = await this.knex('staff_recovery_codes').where({ staff_id: staffId, code_digest: digest }).whereNull('used_at').update({ used_at: at });
    return updated > 0;
  }

  async replaceRecoveryCodes(staffId: string, digests: readonly string[]): Promise<void> {
    await this.knex.transaction(async (trx) => {
      await trx('staff_recovery_codes').where({ staff_id: staffId }).delete();
      await this.insertCodes(trx, staffId, digests);
    });
  }

  async disable(staffId: string, graceFrom: Date): Promise<void> {
    await this.knex.transaction(async (trx) => {
      await trx('staff_recovery_codes').where({ staff_id: staffId }).delete();
      await trx('staffs').where({ id: staffId }).update({
        two_factor_secret: null,
        two_factor_pending_secret: null,
        two_factor_enabled_at: null,
        two_factor_last_step: null,
        two_factor_grace_from: graceFrom,
      });
    });
  }

  async setClinicRequirement(clinicId: string, since: Date | null): Promise<boolean> {
    if (!ID.test(clinicId)) return false;
    const updated =
      since === null
        ? await this.knex('clinics').where({ id: clinicId }).update({ staff_two_factor_required_since: null })
        : await this.knex('clinics')
            .where({ id: clinicId })
            .update({ staff_two_factor_required_since: this.knex.raw('coalesce(staff_two_factor_required_since, ?)', [since]) });
    return updated > 0;
  }

  async clinicRequirement(clinicId: string): Promise<Date | null | undefined> {
    if (!ID.test(clinicId)) return undefined;
    const row = await this.knex('clinics').where({ id: clinicId }).first('staff_two_factor_required_since');
    return row ? asDate(row.staff_two_factor_required_since) : undefined;
  }

  private opened(staffId: string, value: string | null): string | null {
    return value === null ? null : this.box.open(value, context(staffId));
  }

  private async insertCodes(trx: Knex.Transaction, staffId: string, digests: readonly string[]): Promise<void> {
    if (digests.length === 0) return;
    await trx('staff_recovery_codes').insert(digests.map((code_digest) => ({ staff_id: staffId, code_digest })));
  }
}
