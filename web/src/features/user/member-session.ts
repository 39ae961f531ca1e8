import type { MemberProfileJson, PublicClinicJson } from '@clinic/contract';
import type { MessageKey } from '../../i18n';

/** The member logged in (GET /api/users/profile): `userNumber` is the 診察券番号. */
export type MemberProfile = MemberProfileJson;

/** What the layout uses of the member's clinic; without `hokenCategoryId` it offers no insurance booking. */
export type MemberClinic = Pick<PublicClinicJson, 'id' | 'name' | 'hokenCategoryId' | 'webBookingEnabled' | 'phone'>;

export interface MemberMenuItem {
  key: string;
  labelKey: MessageKey;
  /** Path and query. */
  to: string;
}

/** The member menu, in the specification's order; 保険診療 only where the clinic has insurance. */
export function memberMenuItems(clinic: Pick<MemberClinic, 'id' | 'hokenCategoryId'>): MemberMenuItem[] {
  const items: MemberMenuItem[] = [
    { key: 'update', labelKey: 'memberLayout.menu.update', to: '/user/mypage/update/' },
    { key: 'services', labelKey: 'memberLayout.menu.services', to: '/user/mypage/services/' },
    { key: 'reserveContract', labelKey: 'memberLayout.menu.reserveContract', to: '/user/mypage/reserve/?ekimu=true' },
    { key: 'reserveNew', labelKey: 'memberLayout.menu.reserveNew', to: '/user/mypage/reserve/' },
  ];
  if (clinic.hokenCategoryId) {
    const query = new URLSearchParams({ clinicId: clinic.id, categoryId: clinic.hokenCategoryId });
    items.push({
      key: 'reserveInsurance',
      labelKey: 'memberLayout.menu.reserveInsurance',
      to: `/user/mypage/reserve/?${query.toString()}`,
    });
  }
  items.push(
    { key: 'settings', labelKey: 'memberLayout.menu.settings', to: '/user/mypage/settings/' },
    { key: 'logout', labelKey: 'memberLayout.menu.logout', to: '/user/mypage/logout/' },
  );
  return items;
}

/** How long the "web booking disabled" message shows, and the delay before going to the top. */
export const WEB_BOOKING_DISABLED_MESSAGE_MS = 3_000;
export const WEB_BOOKING_DISABLED_REDIRECT_MS = 3_000;
