import { DomainRuleViolation } from '@clinic/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { aClinic, aMember, aStaff } from '../support/mothers';
import type { PortSet } from '../support/port-sets';

const violation = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainRuleViolation) return error.error.code;
    throw error;
  }
  throw new Error('expected a DomainRuleViolation');
};

/** What every StaffRepositoryPort and MemberRepositoryPort must do. */
export const accountsContract = (fresh: () => Promise<PortSet>): void => {
  describe('accounts', () => {
    let ports: PortSet;
    let clinicId: string;
    beforeEach(async () => {
      ports = await fresh();
      clinicId = (await ports.clinics.create(aClinic())).id;
    });

    describe('StaffRepositoryPort', () => {
      it('creates staff and finds them by id, employee number and email (any case)', async () => {
        const created = await ports.staffs.create(aStaff({ employeeNumber: 'S0001', email: 'Hanako@Example.JP', clinicId }));
        expect(created).toMatchObject({ employeeNumber: 'S0001', clinicId, role: 'STAFF' });
        expect(await ports.staffs.findById(created.id)).toEqual(created);
        expect(await ports.staffs.findByLoginIdentifier('S0001')).toEqual(created);
        expect(await ports.staffs.findByLoginIdentifier('hanako@example.jp')).toEqual(created);
        expect(await ports.staffs.findByLoginIdentifier('s0001')).toBeNull();
        expect(await ports.staffs.count()).toBe(1);
      });

      it('answers null for unknown or malformed ids', async () => {
        expect(await ports.staffs.findById('999999')).toBeNull();
        expect(await ports.staffs.findById('abc')).toBeNull();
      });

      it('refuses a second staff member with the same employee number or email', async () => {
        await ports.staffs.create(aStaff({ employeeNumber: 'S0001', email: 'a@example.jp' }));
        expect(await violation(ports.staffs.create(aStaff({ employeeNumber: 'S0001' })))).toBe('STAFF_EXISTS');
        expect(await violation(ports.staffs.create(aStaff({ email: 'A@EXAMPLE.JP' })))).toBe('STAFF_EXISTS');
        expect(await ports.staffs.count()).toBe(1);
      });
    });

    describe('MemberRepositoryPort', () => {
      it('creates members and finds them by card number or email', async () => {
        const created = await ports.members.create(aMember(clinicId, { userNumber: '100001', email: 'Member@Example.jp' }));
        expect(created).toMatchObject({ userNumber: '100001', clinicId, status: 'FULL', giftCount: 0 });
        expect(await ports.members.findById(created.id)).toEqual(created);
        expect(await ports.members.findByLoginIdentifier('100001')).toEqual(created);
        expect(await ports.members.findByLoginIdentifier('member@example.JP')).toEqual(created);
        expect(await ports.members.findByLoginIdentifier('100002')).toBeNull();
      });

      it('keeps card numbers and emails unique but allows many members without them', async () => {
        await ports.members.create(aMember(clinicId, { userNumber: '100001', email: 'x@example.jp' }));
        expect(await violation(ports.members.create(aMember(clinicId, { userNumber: '100001' })))).toBe('ACCOUNT_EXISTS');
        expect(await violation(ports.members.create(aMember(clinicId, { email: 'X@example.jp' })))).toBe('EMAIL_DUPLICATE');
        await ports.members.create(aMember(clinicId, { userNumber: null, email: null, status: 'TEMPORARY' }));
        await ports.members.create(aMember(clinicId, { userNumber: null, email: null, status: 'TEMPORARY' }));
      });
    });
  });
};
