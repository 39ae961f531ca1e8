import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n';
import { headerTone, resolveSelectedClinicId, staffNavItems } from './staff-session';

describe('headerTone', () => {
  it('is primary on the staff member’s own clinic', () => {
    expect(headerTone('c1', 'c1')).toBe('primary');
  });
  it('is secondary on another clinic', () => {
    expect(headerTone('c1', 'c2')).toBe('secondary');
  });
  it('is primary for head-office staff (no clinic), whatever is selected', () => {
    expect(headerTone(null, 'c2')).toBe('primary');
    expect(headerTone(null, null)).toBe('primary');
  });
});

describe('staffNavItems', () => {
  const labels = (role: 'ADMIN' | 'STAFF') => staffNavItems(role).map((item) => translate(item.labelKey));

  it('gives ADMIN every item in the specification’s order', () => {
    expect(labels('ADMIN')).toEqual(['新着', '予約', '会員', '送信履歴', 'スタッフ', '設備', 'メニュー', 'レポート', '設定', '管理者']);
    expect(staffNavItems('ADMIN').map((item) => item.to)).toEqual([
      '/staff/update/',
      '/staff/calendar/',
      '/staff/users/',
      '/staff/messages/',
      '/staff/staffs/',
      '/admin/clinic/facilities/',
      '/admin/clinic/menus/',
      '/admin/clinic/reports/',
      '/admin/clinic/settings/',
      '/admin/settings/',
    ]);
  });

  it('hides only 管理者 from STAFF, keeping the order', () => {
    expect(labels('STAFF')).toEqual(['新着', '予約', '会員', '送信履歴', 'スタッフ', '設備', 'メニュー', 'レポート', '設定']);
  });
});

describe('resolveSelectedClinicId', () => {
  const clinics = [{ id: 'c1' }, { id: 'c2' }, { id: 'c3' }];

  it('prefers the URL, then the stored choice, then the own clinic, then the first', () => {
    expect(resolveSelectedClinicId({ queryId: 'c3', storedId: 'c2', ownClinicId: 'c1', clinics })).toBe('c3');
    expect(resolveSelectedClinicId({ queryId: null, storedId: 'c2', ownClinicId: 'c1', clinics })).toBe('c2');
    expect(resolveSelectedClinicId({ queryId: null, storedId: null, ownClinicId: 'c1', clinics })).toBe('c1');
    expect(resolveSelectedClinicId({ queryId: null, storedId: null, ownClinicId: null, clinics })).toBe('c1');
  });

  it('skips ids that name no clinic', () => {
    expect(resolveSelectedClinicId({ queryId: 'gone', storedId: 'old', ownClinicId: 'c2', clinics })).toBe('c2');
    expect(resolveSelectedClinicId({ queryId: null, storedId: null, ownClinicId: null, clinics: [] })).toBeNull();
  });
});
