import { localizeTexts, menuDuration, missingTranslations, type Facility, type Language, type Menu, type MenuCategory, type MenuDraft } from '@clinic/core';
import { z } from 'zod';
import type { CategoryJson, FacilityJson, menuBody, MenuJson, StaffCategoryJson, StaffMenuJson } from '@clinic/contract';

// --- rooms and machines ---

export const toFacilityJson = (facility: Facility): FacilityJson => ({
  id: facility.id,
  clinicId: facility.clinicId,
  name: facility.name,
  displayOrder: facility.displayOrder,
  enabled: facility.enabled,
});

// --- menu categories (translations: docs/languages.md) ---

/** A category as members and guests see it: its name in their language (Japanese when not translated). */
export const toCategoryJson = (category: MenuCategory, language: Language = 'ja'): CategoryJson => ({
  id: category.id,
  clinicId: category.clinicId,
  name: localizeTexts({ name: category.name }, category.translations, language).name,
  displayOrder: category.displayOrder,
});

export const toStaffCategoryJson = (category: MenuCategory): StaffCategoryJson => ({
  ...toCategoryJson(category),
  translations: category.translations ?? {},
  missingTranslations: missingTranslations({}, category.translations),
});

// --- menus ---

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
  ...(body.translations ? { translations: body.translations } : {}),
  tasks: body.tasks.map((task) => ({
    label: task.label ?? '',
    durationMinutes: task.durationMinutes,
    needsStaff: task.needsStaff,
    roomIds: task.roomIds,
    machineIds: task.machineIds,
  })),
});

/** A menu's answer; members and guests get its texts in their language (Japanese when not translated). */
export const toMenuJson = (original: Menu, language: Language = 'ja'): MenuJson => {
  const menu = localizeTexts(original, original.translations, language);
  return {
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
  };
};

export const toStaffMenuJson = (menu: Menu): StaffMenuJson => ({
  ...toMenuJson(menu),
  translations: menu.translations ?? {},
  missingTranslations: missingTranslations(menu, menu.translations),
});
