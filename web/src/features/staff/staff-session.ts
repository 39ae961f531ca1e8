import type { ClinicJson, StaffProfileJson, StaffRole } from '@clinic/contract';
import type { MessageKey } from '../../i18n';

export type { StaffRole };

/** The staff member logged in (GET /api/staffs/profile); `clinicId` null: head office, no clinic of its own. */
export type StaffProfile = StaffProfileJson;

/** What the layout uses of a clinic. */
export type StaffClinic = Pick<ClinicJson, 'id' | 'name' | 'hokenCategoryId' | 'webBookingEnabled'>;

export type HeaderTone = 'primary' | 'secondary';

/**
 * The header warns staff who look at another clinic than their own: primary when the selected
 * clinic is their own or they have none (head office), secondary otherwise.
 */
export function headerTone(ownClinicId: string | null, selectedClinicId: string | null): HeaderTone {
  return ownClinicId === null || ownClinicId === selectedClinicId ? 'primary' : 'secondary';
}

/**
 * The clinic shown: the URL's `clinicId`, else the one chosen before (localStorage), else the
 * staff member's own, else the first of the chain. Ids that name no clinic are skipped.
 */
export function resolveSelectedClinicId(input: {
  queryId: string | null;
  storedId: string | null;
  ownClinicId: string | null;
  clinics: readonly Pick<StaffClinic, 'id'>[];
}): string | null {
  const exists = (id: string | null): id is string => id !== null && input.clinics.some((c) => c.id === id);
  for (const candidate of [input.queryId, input.storedId, input.ownClinicId]) {
    if (exists(candidate)) return candidate;
  }
  return input.clinics[0]?.id ?? null;
}

export interface StaffNavItem {
  key: string;
  labelKey: MessageKey;
  to: string;
  /** Hidden from role STAFF. */
  adminOnly: boolean;
}

/** The staff navigation, in the specification's order. Only 管理者 is an admin item. */
export const STAFF_NAV_ITEMS: readonly StaffNavItem[] = [
  { key: 'update', labelKey: 'staffLayout.nav.update', to: '/staff/update/', adminOnly: false },
  { key: 'calendar', labelKey: 'staffLayout.nav.calendar', to: '/staff/calendar/', adminOnly: false },
  { key: 'users', labelKey: 'staffLayout.nav.users', to: '/staff/users/', adminOnly: false },
  { key: 'messages', labelKey: 'staffLayout.nav.messages', to: '/staff/messages/', adminOnly: false },
  { key: 'staffs', labelKey: 'staffLayout.nav.staffs', to: '/staff/staffs/', adminOnly: false },
  { key: 'facilities', labelKey: 'staffLayout.nav.facilities', to: '/admin/clinic/facilities/', adminOnly: false },
  { key: 'menus', labelKey: 'staffLayout.nav.menus', to: '/admin/clinic/menus/', adminOnly: false },
  { key: 'reports', labelKey: 'staffLayout.nav.reports', to: '/admin/clinic/reports/', adminOnly: false },
  { key: 'clinicSettings', labelKey: 'staffLayout.nav.clinicSettings', to: '/admin/clinic/settings/', adminOnly: false },
  { key: 'adminSettings', labelKey: 'staffLayout.nav.adminSettings', to: '/admin/settings/', adminOnly: true },
];

export function staffNavItems(role: StaffRole): StaffNavItem[] {
  return STAFF_NAV_ITEMS.filter((item) => !item.adminOnly || role === 'ADMIN');
}

export const SELECTED_CLINIC_STORAGE_KEY = 'clinic-reservations:staff:selected-clinic';
