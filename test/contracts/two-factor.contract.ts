import { beforeEach, describe, expect, it } from 'vitest';
import { aClinic, aStaff } from '../support/mothers';
import type { PortSet } from '../support/port-sets';

const T0 = new Date('2026-12-01T00:00:00Z');
const later = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

/** What every TwoFactorRepositoryPort must do. */
export const twoFactorContract = (fresh: () => Promise<PortSet>): void => {
  describe('TwoFactorRepositoryPort', () => {
    let ports: PortSet;
    let clinicId: string;
    let staffId: string;
    beforeEach(async () => {
      ports = await fresh();
      clinicId = (await ports.clinics.create(aClinic())).id;
      staffId = (await ports.staffs.create(aStaff({ employeeNumber: 'S0001', email: 's1@example.jp', clinicId }))).id;
    });

    const enrol = (secret = 'JBSWY3DPEHPK3PXP', step = 100) =>
      ports.twoFactor.activate(staffId, { secret, at: T0, step, recoveryCodeDigests: ['d1', 'd2', 'd3'] });

    it('starts empty, and is null for an unknown staff member', async () => {
      expect(await ports.twoFactor.state(staffId)).toEqual({
        secret: null,
        pendingSecret: null,
        enabledAt: null,
        lastUsedStep: null,
        graceFrom: null,
        recoveryCodesLeft: 0,
        clinicRequiredSince: null,
      });
      expect(await ports.twoFactor.state('999999')).toBeNull();
    });

    it('keeps the first start of the grace period', async () => {
      await ports.twoFactor.startGrace(staffId, T0);
      await ports.twoFactor.startGrace(staffId, later(60));
      expect((await ports.twoFactor.state(staffId))?.graceFrom).toEqual(T0);
    });

    it('activates only the pending secret it was given, once, with its recovery codes', async () => {
      await ports.twoFactor.savePending(staffId, 'FIRSTSECRET');
      await ports.twoFactor.savePending(staffId, 'JBSWY3DPEHPK3PXP');
      expect(await ports.twoFactor.activate(staffId, { secret: 'FIRSTSECRET', at: T0, step: 1, recoveryCodeDigests: [] })).toBe(false);
      expect(await enrol()).toBe(true);
      expect(await enrol()).toBe(false);
      expect(await ports.twoFactor.state(staffId)).toMatchObject({
        secret: 'JBSWY3DPEHPK3PXP',
        pendingSecret: null,
        enabledAt: T0,
        lastUsedStep: 100,
        recoveryCodesLeft: 3,
      });
    });

    it('accepts each time step once, and never an earlier one', async () => {
      await ports.twoFactor.savePending(staffId, 'JBSWY3DPEHPK3PXP');
      await enrol();
      expect(await ports.twoFactor.useStep(staffId, 100)).toBe(false);
      expect(await ports.twoFactor.useStep(staffId, 99)).toBe(false);
      expect(await ports.twoFactor.useStep(staffId, 101)).toBe(true);
      expect(await ports.twoFactor.useStep(staffId, 101)).toBe(false);
      expect((await ports.twoFactor.state(staffId))?.lastUsedStep).toBe(101);
    });

    it('spends a recovery code once; new codes void the old ones', async () => {
      await ports.twoFactor.savePending(staffId, 'JBSWY3DPEHPK3PXP');
      await enrol();
      expect(await ports.twoFactor.useRecoveryCode(staffId, 'd1', T0)).toBe(true);
      expect(await ports.twoFactor.useRecoveryCode(staffId, 'd1', T0)).toBe(false);
      expect(await ports.twoFactor.useRecoveryCode(staffId, 'nope', T0)).toBe(false);
      expect((await ports.twoFactor.state(staffId))?.recoveryCodesLeft).toBe(2);
      await ports.twoFactor.replaceRecoveryCodes(staffId, ['e1', 'e2']);
      expect(await ports.twoFactor.useRecoveryCode(staffId, 'd2', T0)).toBe(false);
      expect((await ports.twoFactor.state(staffId))?.recoveryCodesLeft).toBe(2);
    });

    it('disables everything and restarts the grace period', async () => {
      await ports.twoFactor.startGrace(staffId, T0);
      await ports.twoFactor.savePending(staffId, 'JBSWY3DPEHPK3PXP');
      await enrol();
      await ports.twoFactor.disable(staffId, later(3600));
      expect(await ports.twoFactor.state(staffId)).toEqual({
        secret: null,
        pendingSecret: null,
        enabledAt: null,
        lastUsedStep: null,
        graceFrom: later(3600),
        recoveryCodesLeft: 0,
        clinicRequiredSince: null,
      });
      expect(await ports.twoFactor.useStep(staffId, 200)).toBe(false);
    });

    it("keeps a clinic's requirement from when it began until it is cleared, and shows it on its staff", async () => {
      expect(await ports.twoFactor.clinicRequirement(clinicId)).toBeNull();
      expect(await ports.twoFactor.clinicRequirement('999999')).toBeUndefined();
      expect(await ports.twoFactor.setClinicRequirement('999999', T0)).toBe(false);
      expect(await ports.twoFactor.setClinicRequirement(clinicId, T0)).toBe(true);
      await ports.twoFactor.setClinicRequirement(clinicId, later(60));
      expect(await ports.twoFactor.clinicRequirement(clinicId)).toEqual(T0);
      expect((await ports.twoFactor.state(staffId))?.clinicRequiredSince).toEqual(T0);
      await ports.twoFactor.setClinicRequirement(clinicId, null);
      expect(await ports.twoFactor.clinicRequirement(clinicId)).toBeNull();
      const headOffice = await ports.staffs.create(aStaff({ employeeNumber: 'H0001', email: 'h1@example.jp', clinicId: null }));
      expect((await ports.twoFactor.state(headOffice.id))?.clinicRequiredSince).toBeNull();
    });
  });
};
