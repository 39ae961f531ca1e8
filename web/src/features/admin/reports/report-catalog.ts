/**
 * The 22 reports of the specification and the guest booking funnel (`GET /api/admin/reports?type=KEY`), grouped for the
 * picker. Titles and descriptions live in i18n/ja.ts under `reports.types.<key>`.
 * `users-checklist-unchekcked` keeps the specification's spelling: it is the API's key.
 */
export const REPORT_KEYS = [
  'average-lead-time',
  'cancel-number',
  'category-guest-count',
  'category-user-count',
  'checklist-achievement-rate',
  'guest-booking-funnel',
  'hour-count',
  'menu-count',
  'reservation-with-user',
  'staff-category-uptime',
  'staff-menu-uptime',
  'staff-reservation-uptime',
  'staff-schedule-uptime',
  'staff-uptime',
  'users-checklist-unchekcked',
  'visit-guest-from-web',
  'visit-guest-not-from-web',
  'visit-guest-number',
  'visit-introduced-guest-number',
  'visit-member-from-web',
  'visit-member-not-from-web',
  'visit-number',
  'visit-user-number',
] as const;

export type ReportKey = (typeof REPORT_KEYS)[number];

export const isReportKey = (value: unknown): value is ReportKey =>
  typeof value === 'string' && (REPORT_KEYS as readonly string[]).includes(value);

export type ReportGroupId = 'visits' | 'cancels' | 'menus' | 'uptime' | 'checklist' | 'other';

/** The picker's groups, in order; every key is in exactly one group. */
export const REPORT_GROUPS: readonly { id: ReportGroupId; keys: readonly ReportKey[] }[] = [
  {
    id: 'visits',
    keys: [
      'visit-number',
      'visit-user-number',
      'visit-guest-number',
      'visit-introduced-guest-number',
      'visit-member-from-web',
      'visit-member-not-from-web',
      'visit-guest-from-web',
      'visit-guest-not-from-web',
    ],
  },
  { id: 'cancels', keys: ['cancel-number'] },
  { id: 'menus', keys: ['menu-count', 'category-user-count', 'category-guest-count'] },
  {
    id: 'uptime',
    keys: ['staff-uptime', 'staff-schedule-uptime', 'staff-reservation-uptime', 'staff-menu-uptime', 'staff-category-uptime'],
  },
  { id: 'checklist', keys: ['checklist-achievement-rate', 'users-checklist-unchekcked'] },
  { id: 'other', keys: ['reservation-with-user', 'average-lead-time', 'hour-count', 'guest-booking-funnel'] },
];

/** The report shown when the URL names none. */
export const DEFAULT_REPORT: ReportKey = 'visit-number';
