import { describe, expect, it } from 'vitest';
import { canManageClinic, isHeadOfficeAdmin, mayWriteStaffAccount } from './staff.entity';

const headOfficeAdmin = { role: 'ADMIN', clinicId: null } as const;
const headOfficeStaff = { role: 'STAFF', clinicId: null } as const;
const adminOf1 = { role: 'ADMIN', clinicId: '1' } as const;
const staffOf1 = { role: 'STAFF', clinicId: '1' } as const;
const staffOf2 = { role: 'STAFF', clinicId: '2' } as const;

describe('a clinic ADMIN and the head office (docs/decisions.md)', () => {
  it('knows the head-office ADMIN: the ADMIN role without a clinic', () => {
    expect(isHeadOfficeAdmin(headOfficeAdmin)).toBe(true);
    expect(isHeadOfficeAdmin(adminOf1)).toBe(false);
    expect(isHeadOfficeAdmin(headOfficeStaff)).toBe(false);
  });

  it('lets a clinic ADMIN manage its own clinic only', () => {
    expect(canManageClinic(adminOf1, '1')).toBe(true);
    expect(canManageClinic(adminOf1, '2')).toBe(false);
    expect(canManageClinic(adminOf1, null)).toBe(false);
    expect(canManageClinic(headOfficeAdmin, '2')).toBe(true);
    expect(canManageClinic(headOfficeStaff, '2')).toBe(true);
  });

  it('lets only the head-office ADMIN touch ADMIN accounts, and nobody of a clinic touch the head office', () => {
    expect(mayWriteStaffAccount(adminOf1, staffOf1)).toBe(true);
    expect(mayWriteStaffAccount(adminOf1, staffOf2)).toBe(false);
    expect(mayWriteStaffAccount(adminOf1, headOfficeAdmin)).toBe(false);
    expect(mayWriteStaffAccount(adminOf1, headOfficeStaff)).toBe(false);
    expect(mayWriteStaffAccount(adminOf1, { role: 'ADMIN', clinicId: '1' })).toBe(false);
    expect(mayWriteStaffAccount(staffOf1, adminOf1)).toBe(false);
    expect(mayWriteStaffAccount(headOfficeStaff, staffOf2)).toBe(true);
    expect(mayWriteStaffAccount(headOfficeStaff, headOfficeAdmin)).toBe(false);
    expect(mayWriteStaffAccount(headOfficeAdmin, adminOf1)).toBe(true);
    expect(mayWriteStaffAccount(headOfficeAdmin, headOfficeAdmin)).toBe(true);
  });
});
