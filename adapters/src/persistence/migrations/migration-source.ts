import type { Knex } from 'knex';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_clinic_setup';
import * as m0003 from './0003_reservations';
import * as m0005 from './0005_staff_mail';
import * as m0007 from './0007_contracts';
import * as m0008 from './0008_members';
import * as m0009 from './0009_reservation_span_index';
import * as m0010 from './0010_report_indexes';
import * as m0011 from './0011_audit_append_only';
import * as m0014 from './0014_salon_links';
import * as m0015 from './0015_funnel_events';
import * as m0016 from './0016_two_factor';
import * as m0017 from './0017_account_change_notices';
import * as m0018SecAuth from './0018_hashed_sessions_sec_auth';
import * as m0019 from './0019_guest_guard';
import * as m0018 from './0018_visit_confirmation';
import * as m0020 from './0020_messages';
import * as m0021 from './0021_waitlist';
import * as m0022 from './0022_languages';
import * as m0023 from './0023_waitlist_freed_check';
import * as m0024 from './0024_messages_held_back';
import * as m0040 from './0040_member_search';
import * as m0050 from './0050_messages_pending_queued';
import * as m0030 from './0030_forms';
import * as m0035 from './0035_line_app';
import * as m0045 from './0045_person_identity';
import * as m0060 from './0060_line_usage';
import * as m0061 from './0061_line_welcomes';
import * as m0065 from './0065_visit_tokens';
import * as m0073 from './0073_report_rollups';
import * as m0074 from './0074_report_schedule_breaks';
import * as m0075 from './0075_form_response_flags';
import * as m0077 from './0077_report_month_visitors';
import * as m0078 from './0078_report_rollups_plpgsql';
import * as m0090 from './0090_busy_quarters';
import * as m0100 from './0100_report_month_members';
import * as m0101 from './0101_report_month_member_names';
import * as m0110 from './0110_member_last_visit';
import * as m0111 from './0111_schema_scoped_locks';
import * as m0112 from './0112_maintenance_marks';
import * as m0113 from './0113_schedule_versions';
import * as m0114 from './0114_staffs_clinic_index';
import * as m0115 from './0115_schedule_versions_staff';

/**
 * Migrations are imported statically (shared/TOOLCHAIN.md: a folder of .ts files fails under
 * vitest). Add each new migration here, in order; never rename or edit a landed one.
 */
const migrations: Record<string, Knex.Migration> = {
  '0001_foundation': m0001,
  '0002_clinic_setup': m0002,
  '0003_reservations': m0003,
  '0005_staff_mail': m0005,
  '0007_contracts': m0007,
  '0008_members': m0008,
  '0009_reservation_span_index': m0009,
  '0010_report_indexes': m0010,
  '0011_audit_append_only': m0011,
  '0014_salon_links': m0014,
  '0015_funnel_events': m0015,
  '0016_two_factor': m0016,
  '0017_account_change_notices': m0017,
  '0018_hashed_sessions_sec_auth': m0018SecAuth,
  '0018_visit_confirmation': m0018,
  '0019_guest_guard': m0019,
  '0020_messages': m0020,
  '0021_waitlist': m0021,
  '0022_languages': m0022,
  '0023_waitlist_freed_check': m0023,
  '0024_messages_held_back': m0024,
  '0040_member_search': m0040,
  '0050_messages_pending_queued': m0050,
  '0030_forms': m0030,
  '0035_line_app': m0035,
  '0045_person_identity': m0045,
  '0060_line_usage': m0060,
  '0061_line_welcomes': m0061,
  '0065_visit_tokens': m0065,
  '0073_report_rollups': m0073,
  '0074_report_schedule_breaks': m0074,
  '0075_form_response_flags': m0075,
  '0077_report_month_visitors': m0077,
  '0078_report_rollups_plpgsql': m0078,
  '0090_busy_quarters': m0090,
  '0100_report_month_members': m0100,
  '0101_report_month_member_names': m0101,
  '0110_member_last_visit': m0110,
  '0111_schema_scoped_locks': m0111,
  '0112_maintenance_marks': m0112,
  '0113_schedule_versions': m0113,
  '0114_staffs_clinic_index': m0114,
  '0115_schedule_versions_staff': m0115,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = migrations[name];
    if (!migration) throw new Error(`unknown migration ${name}`);
    return migration;
  },
};
