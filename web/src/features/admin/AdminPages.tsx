export { FacilitiesPage as AdminFacilitiesPage } from './facilities/FacilitiesPage';
export { MenusPage as AdminMenusPage } from './menus/MenusPage';
export { ClinicSettingsPage as AdminClinicSettingsPage } from './clinic/ClinicSettingsPage';
export { AdminSettingsPage } from './settings/AdminSettingsPage';
export { ReportsPage as AdminReportsPage } from './reports/ReportsPage';
