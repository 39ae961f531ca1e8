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
import { createApi } from '../../../shared/api/api';
import { adminTwoFactor, blocks, schedules } from '../../../shared/api/endpoints';
import type { HttpClient } from '../../../shared/api/http';
import type { StaffRole } from '../staff-session';

/** The answers' types come from the HTTP adapter's schemas (@clinic/contract). */
export type Staff = StaffJson;

export interface StaffInput {
  employeeNumber: string;
  email: string;
  name: string;
  role: StaffRole;
  clinicId: string | null;
  password?: string;
  doctor?: boolean;
}

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

export interface ScheduleInput {
  staffId: string;
  date: string;
  start: string;
  end: string;
  breaks: TimeRange[];
  categoryId?: string | null;
}

export interface BulkScheduleInput {
  staffId: string;
  from: string;
  to: string;
  weekdays: number[];
  start: string;
  end: string;
  breaks: TimeRange[];
  categoryId?: string | null;
  skipHolidays?: boolean;
}

export type BulkScheduleResult = WeeklyOutcomeJson;
export type Block = BlockJson;

const id = (value: string) => encodeURIComponent(value);

export function staffsApi(http: HttpClient, api = createApi(http, { adminTwoFactor, schedules, blocks })) {
  return {
    list: (clinicId: string) => http.get<Staff[]>('/api/admin/staffs', { query: { clinicId } }),
    create: (input: StaffInput) => http.post<CreatedStaff>('/api/admin/staffs', input),
    update: (staffId: string, input: Omit<StaffInput, 'password'>) => http.put<Staff>(`/api/admin/staffs/${id(staffId)}`, input),
    remove: (staffId: string) => http.delete<void>(`/api/admin/staffs/${id(staffId)}`),
    setPriority: (staffId: string, priority: number) => http.put<Staff[]>(`/api/admin/staffs/${id(staffId)}/priority`, { priority }),
    invite: (staffId: string) => http.post<Invitation>(`/api/admin/staffs/${id(staffId)}/invitation`),
    /** ADMIN only: removes the staff member's two-factor login (lost phone); they set it up again. */
    resetTwoFactor: (staffId: string) => api.adminTwoFactor.reset({ params: { id: staffId } }),
    setMenus: (staffId: string, menuIds: string[]) => http.put<Staff>(`/api/staffs/${id(staffId)}/menus`, { menuIds }),
    categories: (clinicId: string) => http.get<Category[]>('/api/staffs/menu-categories', { query: { clinicId } }),
    menus: (clinicId: string) => http.get<Menu[]>('/api/staffs/menus', { query: { clinicId } }),
    schedules: (clinicId: string, from: string, to: string) => api.schedules.list({ query: { clinicId, from, to } }),
    createSchedule: (input: ScheduleInput) => api.schedules.create({ body: input }),
    updateSchedule: (scheduleId: string, input: ScheduleInput) => api.schedules.update({ params: { id: scheduleId }, body: input }),
    deleteSchedule: (scheduleId: string) => api.schedules.remove({ params: { id: scheduleId } }),
    bulkSchedules: (input: BulkScheduleInput) => api.schedules.createWeekly({ body: input }),
    blocks: (clinicId: string, from: string, to: string) => api.blocks.list({ query: { clinicId, from, to } }),
    createBlock: (input: { resourceType: 'STAFF'; resourceId: string; startsAt: string; endsAt: string; reason?: string }) =>
      api.blocks.create({ body: input }),
    deleteBlock: (blockId: string) => api.blocks.remove({ params: { id: blockId } }),
  };
}

export type StaffsApi = ReturnType<typeof staffsApi>;
