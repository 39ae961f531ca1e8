/** Shapes and calls of the staff set-up API (docs/api-clinic-setup.md, sections Staff and Schedules). */
import type {
  BlockJson,
  CreatedStaffJson,
  InvitationJson,
  ScheduleJson,
  StaffCategoryJson,
  StaffJson,
  StaffMenuJson,
  WeeklyOutcomeJson,
} from '@clinic/contract';
import { createApi, type Input } from '../../../shared/api/api';
import { adminStaffs, adminTwoFactor, blocks, schedules, staffDirectory, staffMenus } from '../../../shared/api/endpoints';
import type { HttpClient } from '../../../shared/api/http';

/** The answers' types come from the HTTP adapter's schemas (@clinic/contract). */
export type Staff = StaffJson;

/** What the staff form sends (the contract's request schemas, as the routes take them). */
export type StaffInput = Input<'adminStaffs', 'create'>['body'];
export type StaffUpdate = Input<'adminStaffs', 'update'>['body'];

export type Invitation = InvitationJson;

/** Its invitation's URL and expiry are null unless it was invited (no password given). */
export type CreatedStaff = CreatedStaffJson;

/** The link the invitation dialog shows: a fresh invitation's, or the one of a staff member just added. */
export type InvitationLink = { invitationUrl: string; expiresAt: string | null };

/** The categories and enabled menus staff book from (what a staff member may perform). */
export type Category = StaffCategoryJson;
export type Menu = StaffMenuJson;

export type Schedule = ScheduleJson;
export type TimeRange = Schedule['breaks'][number];

export type ScheduleInput = Input<'schedules', 'create'>['body'];
export type BulkScheduleInput = Input<'schedules', 'createWeekly'>['body'];
export type BlockInput = Input<'blocks', 'create'>['body'];

export type BulkScheduleResult = WeeklyOutcomeJson;
export type Block = BlockJson;

export function staffsApi(http: HttpClient, api = createApi(http, { adminStaffs, adminTwoFactor, blocks, schedules, staffDirectory, staffMenus })) {
  return {
    list: (clinicId: string) => api.adminStaffs.list({ query: { clinicId } }),
    create: (input: StaffInput) => api.adminStaffs.create({ body: input }),
    update: (staffId: string, input: StaffUpdate) => api.adminStaffs.update({ params: { id: staffId }, body: input }),
    remove: (staffId: string) => api.adminStaffs.remove({ params: { id: staffId } }),
    setPriority: (staffId: string, priority: number) => api.adminStaffs.setPriority({ params: { id: staffId }, body: { priority } }),
    invite: (staffId: string) => api.adminStaffs.invite({ params: { id: staffId } }),
    /** ADMIN only: removes the staff member's two-factor login (lost phone); they set it up again. */
    resetTwoFactor: (staffId: string) => api.adminTwoFactor.reset({ params: { id: staffId } }),
    setMenus: (staffId: string, menuIds: string[]) => api.staffDirectory.setMenus({ params: { id: staffId }, body: { menuIds } }),
    categories: (clinicId: string) => api.staffMenus.categories({ query: { clinicId } }),
    menus: (clinicId: string) => api.staffMenus.menus({ query: { clinicId } }),
    schedules: (clinicId: string, from: string, to: string) => api.schedules.list({ query: { clinicId, from, to } }),
    createSchedule: (input: ScheduleInput) => api.schedules.create({ body: input }),
    updateSchedule: (scheduleId: string, input: ScheduleInput) => api.schedules.update({ params: { id: scheduleId }, body: input }),
    deleteSchedule: (scheduleId: string) => api.schedules.remove({ params: { id: scheduleId } }),
    bulkSchedules: (input: BulkScheduleInput) => api.schedules.createWeekly({ body: input }),
    blocks: (clinicId: string, from: string, to: string) => api.blocks.list({ query: { clinicId, from, to } }),
    createBlock: (input: BlockInput) => api.blocks.create({ body: input }),
    deleteBlock: (blockId: string) => api.blocks.remove({ params: { id: blockId } }),
  };
}

export type StaffsApi = ReturnType<typeof staffsApi>;
