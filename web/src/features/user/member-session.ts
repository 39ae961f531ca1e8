import type { MessageKey } from '../../i18n';

export interface MemberProfile {
  id: string;
  name: string;
  /** 診察券番号 */
  userNumber: string;
  clinicId: string;
  /** ja, en or zh-CN (absent from an older server). */
  language?: string;
}

export interface MemberClinic {
  id: string;
  name: string;
  /** The insurance menu category; without one the clinic offers no insurance booking. */
  hokenCategoryId: string | null;
  webBookingEnabled: boolean;
  phone?: string;
}

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
