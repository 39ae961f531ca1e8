import type { ClinicRepositoryPort, StaffRepositoryPort, TwoFactorRepositoryPort, TwoFactorState } from '@clinic/core';

interface Row {
  secret: string | null;
  pendingSecret: string | null;
  enabledAt: Date | null;
  lastUsedStep: number | null;
  graceFrom: Date | null;
  codes: Map<string, Date | null>;
}

const empty = (): Row => ({ secret: null, pendingSecret: null, enabledAt: null, lastUsedStep: null, graceFrom: null, codes: new Map() });

/** Two-factor login data in memory, for unit tests and the port's contract suite. */
export class InMemoryTwoFactorRepository implements TwoFactorRepositoryPort {
  private readonly rows = new Map<string, Row>();
  private readonly clinicSince = new Map<string, Date | null>();

  constructor(
    private readonly staffs: Pick<StaffRepositoryPort, 'findById'>,
    private readonly clinics: Pick<ClinicRepositoryPort, 'findById'>,
  ) {}

  private row(staffId: string): Row {
    let row = this.rows.get(staffId);
    if (!row) this.rows.set(staffId, (row = empty()));
    return row;
  }

  async state(staffId: string): Promise<TwoFactorState | null> {
    const staff = await this.staffs.findById(staffId);
    if (!staff) return null;
    const row = this.row(staffId);
    return {
      secret: row.secret,
      pendingSecret: row.pendingSecret,
      enabledAt: row.enabledAt,
      lastUsedStep: row.lastUsedStep,
      graceFrom: row.graceFrom,
      recoveryCodesLeft: [...row.codes.values()].filter((used) => used === null).length,
      clinicRequiredSince: staff.clinicId === null ? null : (this.clinicSince.get(staff.clinicId) ?? null),
    };
  }

  async startGrace(staffId: string, at: Date): Promise<void> {
    const row = this.row(staffId);
    row.graceFrom ??= at;
  }

  async savePending(staffId: string, secret: string): Promise<void> {
    this.row(staffId).pendingSecret = secret;
  }

  async activate(staffId: string, activation: { secret: string; at: Date; step: number; recoveryCodeDigests: readonly string[] }): Promise<boolean> {
    const row = this.row(staffId);
    if (row.pendingSecret !== activation.secret || row.enabledAt !== null) return false;
    Object.assign(row, { secret: activation.secret, pendingSecret: null, enabledAt: activation.at, lastUsedStep: activation.step });
    row.codes = new Map(activation.recoveryCodeDigests.map((digest) => [digest, null]));
    return true;
  }

  async useStep(staffId: string, step: number): Promise<boolean> {
    const row = this.row(staffId);
    if (row.secret === null || (row.lastUsedStep !== null && row.lastUsedStep >= step)) return false;
    row.lastUsedStep = step;
    return true;
  }

  async useRecoveryCode(staffId: string, digest: string, at: Date): Promise<boolean> {
    const row = this.row(staffId);
    if (!row.codes.has(digest) || row.codes.get(digest) !== null) return false;
    row.codes.set(digest, at);
    return true;
  }

  async replaceRecoveryCodes(staffId: string, digests: readonly string[]): Promise<void> {
    this.row(staffId).codes = new Map(digests.map((digest) => [digest, null]));
  }

  async disable(staffId: string, graceFrom: Date): Promise<void> {
    this.rows.set(staffId, { ...empty(), graceFrom });
  }

  async setClinicRequirement(clinicId: string, since: Date | null): Promise<boolean> {
    if (!(await this.clinics.findById(clinicId))) return false;
    this.clinicSince.set(clinicId, since === null ? null : (this.clinicSince.get(clinicId) ?? since));
    return true;
  }

  async clinicRequirement(clinicId: string): Promise<Date | null | undefined> {
    if (!(await this.clinics.findById(clinicId))) return undefined;
    return this.clinicSince.get(clinicId) ?? null;
  }
}
