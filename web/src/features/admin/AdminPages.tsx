import { PlaceholderPage } from '../../shared/ui/PlaceholderPage';

export { FacilitiesPage as AdminFacilitiesPage } from './facilities/FacilitiesPage';
export { MenusPage as AdminMenusPage } from './menus/MenusPage';
export { ClinicSettingsPage as AdminClinicSettingsPage } from './clinic/ClinicSettingsPage';
export { AdminSettingsPage } from './settings/AdminSettingsPage';

export const AdminReportsPage = () => (
  <PlaceholderPage titleKey="pages.admin.reports.title" bodyKey="pages.admin.reports.body" />
);
