// The admin chunk: the admin pages (inside the staff layout) and the admin-required guard.
export { RequireAdmin } from './RequireAdmin';
export { AdminFacilitiesPage, AdminMenusPage, AdminClinicSettingsPage, AdminReportsPage, AdminSettingsPage } from './AdminPages';
export { AuditLogPage as AdminAuditLogPage } from './audit/AuditLogPage';
export { AdminFormsPage } from './forms/AdminFormsPage';
export { AdminFormEditPage } from './forms/AdminFormEditPage';
export { LineUsagePage as AdminLineUsagePage } from './line/LineUsagePage';
