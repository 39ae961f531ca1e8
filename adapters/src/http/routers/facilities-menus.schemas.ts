import { DISPLAY_ORDER_MAX, FACILITY_NAME_MAX, MENU_KINDS, MENU_RULES, menuDuration, type DomainError, type Facility, type Menu, type MenuCategory, type MenuDraft } from '@clinic/core';
import { z } from 'zod';
import { HttpDomainError, renderDomainError } from '../errors/http-error';
import type { ApiContext } from '../middleware/auth';
import { idSchema } from './common.schemas';

// --- rooms and machines ---

export const facilityJson = z.object({ id: z.string(), clinicId: z.string(), name: z.string(), displayOrder: z.number(), enabled: z.boolean() });

const displayOrder = z.number().int().min(0).max(DISPLAY_ORDER_MAX);
const facilityName = z.string().trim().min(1).max(FACILITY_NAME_MAX);

export const facilityCreateBody = z.object({ clinicId: idSchema, name: facilityName, displayOrder: displayOrder.optional(), enabled: z.boolean().optional() });
export const facilityUpdateBody = z.object({ name: facilityName, displayOrder, enabled: z.boolean() });
export const clinicQuery = z.object({ clinicId: idSchema });

export const toFacilityJson = (facility: Facility) => ({
  id: facility.id,
  clinicId: facility.clinicId,
  name: facility.name,
  displayOrder: facility.displayOrder,
  enabled: facility.enabled,
});

// --- menu categories ---

export const categoryJson = z.object({ id: z.string(), clinicId: z.string(), name: z.string(), displayOrder: z.number() });
const categoryName = z.string().trim().min(1).max(50);
export const categoryCreateBody = z.object({ clinicId: idSchema, name: categoryName });
export const categoryUpdateBody = z.object({ name: categoryName });
export const categoryOrderBody = z.object({ clinicId: idSchema, ids: z.array(idSchema).max(500) });

export const toCategoryJson = (category: MenuCategory) => ({
  id: category.id,
  clinicId: category.clinicId,
  name: category.name,
  displayOrder: category.displayOrder,
});

// --- menus ---

const taskJson = z.object({
  id: z.string(),
  position: z.number(),
  label: z.string(),
  durationMinutes: z.number(),
  needsStaff: z.boolean(),
  roomIds: z.array(z.string()),
  machineIds: z.array(z.string()),
});

export const menuJson = z.object({
  id: z.string(),
  clinicId: z.string(),
  categoryId: z.string(),
  name: z.string(),
  description: z.string(),
  preVisitNote: z.string().describe('来院前のご案内（リマインドに載せます。空＝なし）'),
  displayOrder: z.number(),
  enabled: z.boolean(),
  webBookable: z.boolean(),
  kind: z.enum(MENU_KINDS),
  price: z.number().describe('税込価格（円）'),
  afterMenuId: z.string().nullable(),
  durationMinutes: z.number().describe('工程の所要時間の合計（分）'),
  tasks: z.array(taskJson),
});
export const menuWithCategoryJson = menuJson.extend({ categoryName: z.string() });

const taskBody = z.object({
  label: z.string().max(MENU_RULES.labelMax).optional(),
  durationMinutes: z.number().int().describe('15分単位（15〜720）'),
  needsStaff: z.boolean(),
  roomIds: z.array(idSchema).max(50).describe('使える部屋（空＝部屋不要）'),
  machineIds: z.array(idSchema).max(50).describe('使える機械（空＝機械不要）'),
});

export const menuBody = z.object({
  categoryId: idSchema,
  name: z.string().trim().min(1).max(MENU_RULES.nameMax),
  kind: z.enum(MENU_KINDS),
  enabled: z.boolean(),
  webBookable: z.boolean(),
  price: z.number().int().min(0).max(MENU_RULES.maxPrice),
  description: z.string().max(MENU_RULES.descriptionMax).optional(),
  preVisitNote: z
    .string()
    .trim()
    .max(MENU_RULES.preVisitNoteMax, { error: `来院前のご案内は${MENU_RULES.preVisitNoteMax}文字以内で入力してください。` })
    .optional()
    .describe('来院前のご案内（例: 施術部位のシェービングをしてご来院ください）。リマインドに載せます。'),
  afterMenuId: idSchema.nullable().optional(),
  tasks: z.array(taskBody).min(MENU_RULES.minTasks).max(MENU_RULES.maxTasks),
});
export const menuOrderBody = z.object({ categoryId: idSchema, ids: z.array(idSchema).max(500) });
export const menuListQuery = z.object({ clinicId: idSchema, categoryId: idSchema.optional() });
export const menuIdsQuery = z.object({
  ids: z
    .string()
    .transform((text) => text.split(',').map((id) => id.trim()).filter((id) => id.length > 0))
    .pipe(z.array(idSchema).min(1).max(20))
    .describe('カンマ区切りのメニューID（例: 1,7）'),
});

export const toMenuDraft = (body: z.output<typeof menuBody>): MenuDraft => ({
  categoryId: body.categoryId,
  name: body.name,
  kind: body.kind,
  enabled: body.enabled,
  webBookable: body.webBookable,
  price: body.price,
  description: body.description ?? '',
  preVisitNote: body.preVisitNote ?? '',
  afterMenuId: body.afterMenuId ?? null,
  tasks: body.tasks.map((task) => ({ label: task.label ?? '', durationMinutes: task.durationMinutes, needsStaff: task.needsStaff, roomIds: task.roomIds, machineIds: task.machineIds })),
});

export const toMenuJson = (menu: Menu) => ({
  id: menu.id,
  clinicId: menu.clinicId,
  categoryId: menu.categoryId,
  name: menu.name,
  description: menu.description,
  preVisitNote: menu.preVisitNote,
  displayOrder: menu.displayOrder,
  enabled: menu.enabled,
  webBookable: menu.webBookable,
  kind: menu.kind,
  price: menu.price,
  afterMenuId: menu.afterMenuId,
  durationMinutes: menuDuration(menu),
  tasks: menu.tasks.map((task) => ({
    id: task.id,
    position: task.position,
    label: task.label,
    durationMinutes: task.durationMinutes,
    needsStaff: task.needsStaff,
    roomIds: [...task.roomIds],
    machineIds: [...task.machineIds],
  })),
});

