import type { TwoFactorRepositoryPort, TwoFactorState } from '@clinic/core';
import type { Knex } from 'knex';

const ID = /^\d{1,18}$/;

const asDate = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string | Date));

/** Two-factor login columns of `staffs`, `staff_recovery_codes`, and `clinics.staff_two_factor_required_since`. */
export class KnexTwoFactorRepository implements TwoFactorRepositoryPort {
  constructor(private readonly knex: Knex) {}

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
      secret: row.two_factor_secret,
      pendingSecret: row.two_factor_pending_secret,
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
    await this.knex('staffs').where({ id: staffId }).update({ two_factor_pending_secret: secret });
  }

  async activate(staffId: string, activation: { secret: string; at: Date; step: number; recoveryCodeDigests: readonly string[] }): Promise<boolean> {
    return this.knex.transaction(async (trx) => {
      const updated = await trx('staffs')
        .where({ id: staffId, two_factor_pending_secret: activation.secret })
        .whereNull('two_factor_enabled_at')
        .update({
          two_factor_secret: activation.secret,
          two_factor_pending_secret: null,
          two_factor_enabled_at: activation.at,
          two_factor_last_step: activation.step,
        });
      if (updated === 0) return false;
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

  private async insertCodes(trx: Knex.Transaction, staffId: string, digests: readonly string[]): Promise<void> {
    if (digests.length === 0) return;
    await trx('staff_recovery_codes').insert(digests.map((code_digest) => ({ staff_id: staffId, code_digest })));
  }
}
