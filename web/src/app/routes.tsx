import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { loadAudienceTexts } from '../i18n';
import { FullPageSpinner } from '../shared/ui/LoadFailed';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';

/*
 * One dynamic import per audience, so each audience is one chunk group and a guest never
 * downloads staff or admin code. The layouts are in their audience's chunk too.
 */
const publicPages = () => import('../features/public');
const staffPages = () => import('../features/staff');
const adminPages = () => import('../features/admin');
const userPages = () => import('../features/user');
const guestPages = () => import('../features/guest');
const guestOtherPages = () => import('../features/guest/other-pages');
// The patient's 問診票・同意書 pages (form renderer, signature pad): loaded by their routes only.
const formsPages = () => import('../features/forms');
/** The LINE app (LIFF): its own chunk; the LIFF SDK is loaded by its layout, on this route only. */
const linePages = () => import('../features/line');

/** The layout of every route but the guest pages, with the texts those pages need. */
const audienceLayout: RouteObject['lazy'] = async () => {
  const [{ AudienceLayout }] = await Promise.all([import('./AudienceLayout'), loadAudienceTexts()]);
  return { Component: AudienceLayout };
};

type Module = Record<string, unknown>;

/** A route `lazy` that loads `name` of an audience module as the route's component. */
function component<M extends Module>(load: () => Promise<M>, name: keyof M & string): RouteObject['lazy'] {
  return async () => {
    const mod = await load();
    return { Component: mod[name] as ComponentType };
  };
}

export interface AppRoutesOptions {
  /** Tests answer the API calls themselves; the app uses the browser's `fetch`. */
  fetch?: typeof globalThis.fetch;
}

/**
 * Every route of the specification's table. Paths are written without the trailing slash; the
 * router matches both `/staff/calendar` and `/staff/calendar/`, and links use the slash form.
 */
export function appRoutes(options: AppRoutesOptions = {}): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout fetch={options.fetch} />,
      errorElement: <RouteErrorPage />,
      // Shown while the first route's chunk loads.
      hydrateFallbackElement: <FullPageSpinner />,
      children: [
        {
          lazy: component(guestPages, 'GuestLayout'),
          children: [
            { path: 'guest/reserve', lazy: component(guestPages, 'GuestReservePage') },
            { path: 'guest/reserve/done', lazy: component(guestOtherPages, 'GuestReserveDonePage') },
            { path: 'guest/reserve/cancel', lazy: component(guestOtherPages, 'GuestCancelPage') },
            { path: 'guest/reserve/cancel/done', lazy: component(guestOtherPages, 'GuestCancelDonePage') },
            { path: 'guest/reserve/ad', lazy: component(guestOtherPages, 'GuestAdPage') },
            { path: 'guest/register/done', lazy: component(guestOtherPages, 'GuestRegisterDonePage') },
            // The link of a reminder to a guest: opening it confirms the visit with the token.
            { path: 'guest/reservations/confirm', lazy: component(guestOtherPages, 'GuestVisitConfirmPage') },
            { path: 'guest/waitlist', lazy: component(guestOtherPages, 'GuestWaitlistPage') },
            { path: 'guest/forms', lazy: component(formsPages, 'GuestFormsPage') },
          ],
        },

        {
          // The LINE app: LIFF's endpoint URL is `{PUBLIC_URL}/line/app/` (docs/integrations.md).
          lazy: component(linePages, 'LineAppLayout'),
          children: [
            { path: 'line/app', lazy: component(linePages, 'LineAppBookPage') },
            { path: 'line/app/reservations', lazy: component(linePages, 'LineAppReservationsPage') },
            { path: 'line/app/waitlist', lazy: component(linePages, 'LineAppWaitlistPage') },
          ],
        },

        {
          // Every other page: react-aria's ja-JP locale and the texts of `i18n/ja.ts`, loaded
          // beside the first of these pages (never by the guest pages).
          lazy: audienceLayout,
          children: [
            { index: true, lazy: component(publicPages, 'TopPage') },

            { path: 'common/password/register', lazy: component(publicPages, 'PasswordRegisterPage') },
            { path: 'common/password/reset/done', lazy: component(publicPages, 'PasswordResetDonePage') },
            { path: 'common/line-redirect', lazy: component(publicPages, 'LineRedirectPage') },

            { path: 'staff/login', lazy: component(staffPages, 'StaffLoginPage') },
            { path: 'staff/password/reset', lazy: component(staffPages, 'StaffPasswordResetPage') },
            { path: 'staff', element: <Navigate to="/staff/calendar/" replace /> },
            {
              // Staff layout: every staff page except login and password reset, and the admin pages.
              lazy: component(staffPages, 'StaffLayout'),
              children: [
                { path: 'staff/update', lazy: component(staffPages, 'StaffUpdatePage') },
                { path: 'staff/calendar', lazy: component(staffPages, 'StaffCalendarPage') },
                { path: 'staff/users', lazy: component(staffPages, 'StaffUsersPage') },
                { path: 'staff/staffs', lazy: component(staffPages, 'StaffStaffsPage') },
                { path: 'staff/messages', lazy: component(staffPages, 'StaffMessagesPage') },
                { path: 'staff/reservations/:id/forms', lazy: component(staffPages, 'StaffFormsPage') },
                { path: 'staff/form-responses/:responseId/print', lazy: component(staffPages, 'StaffFormPrintPage') },
                { path: 'staff/users/:id/forms', lazy: component(staffPages, 'StaffMemberFormsPage') },
                { path: 'staff/two-factor', lazy: component(staffPages, 'StaffTwoFactorPage') },
                { path: 'admin/clinic/facilities', lazy: component(adminPages, 'AdminFacilitiesPage') },
                { path: 'admin/clinic/menus', lazy: component(adminPages, 'AdminMenusPage') },
                { path: 'admin/clinic/settings', lazy: component(adminPages, 'AdminClinicSettingsPage') },
                { path: 'admin/clinic/reports', lazy: component(adminPages, 'AdminReportsPage') },
                {
                  // Admin-required: a non-ADMIN goes to the staff login with the auth error.
                  lazy: component(adminPages, 'RequireAdmin'),
                  children: [
                    { path: 'admin/settings', lazy: component(adminPages, 'AdminSettingsPage') },
                    { path: 'admin/settings/audit', lazy: component(adminPages, 'AdminAuditLogPage') },
                    { path: 'admin/settings/line', lazy: component(adminPages, 'AdminLineUsagePage') },
                    { path: 'admin/settings/forms', lazy: component(adminPages, 'AdminFormsPage') },
                    { path: 'admin/settings/forms/:id', lazy: component(adminPages, 'AdminFormEditPage') },
                  ],
                },
              ],
            },

            { path: 'user/login', lazy: component(userPages, 'MemberLoginPage') },
            { path: 'user/password/reset', lazy: component(userPages, 'MemberPasswordResetPage') },
            // Outside the member layout: logging out must not first load the profile.
            { path: 'user/mypage/logout', lazy: component(userPages, 'MemberLogoutPage') },
            { path: 'user/mypage', element: <Navigate to="/user/mypage/update/" replace /> },
            {
              lazy: component(userPages, 'MemberLayout'),
              children: [
                { path: 'user/mypage/update', lazy: component(userPages, 'MemberUpdatePage') },
                { path: 'user/mypage/services', lazy: component(userPages, 'MemberServicesPage') },
                { path: 'user/mypage/waitlist', lazy: component(userPages, 'MemberWaitlistPage') },
                { path: 'user/mypage/reserve', lazy: component(userPages, 'MemberReservePage') },
                { path: 'user/mypage/reserve/done', lazy: component(userPages, 'MemberReserveDonePage') },
                { path: 'user/mypage/reserve/cancel/done', lazy: component(userPages, 'MemberCancelDonePage') },
                { path: 'user/mypage/settings', lazy: component(userPages, 'MemberSettingsPage') },
                // The link of a reminder: opening it confirms the visit.
                { path: 'user/reservations/:id/confirm', lazy: component(userPages, 'MemberVisitConfirmPage') },
                { path: 'user/mypage/reservations/:id/forms', lazy: component(formsPages, 'MemberFormsPage') },
              ],
            },

            { path: '*', lazy: component(publicPages, 'NotFoundPage') },
          ],
        },
      ],
    },
  ];
}
