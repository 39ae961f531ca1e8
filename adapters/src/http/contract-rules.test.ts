import * as contract from '@clinic/contract';
import * as rules from '@clinic/contract/rules';
import * as core from '@clinic/core';
import { describe, expect, it } from 'vitest';

/**
 * The contract depends on zod only, so the limits and lists its request schemas check are written
 * there again: the same values as the core's, or the browser and the server would refuse different
 * input.
 */
describe('the contract’s copies of the core’s rules', () => {
  it.each([
    ['PASSWORD_MIN_LENGTH', rules.PASSWORD_MIN_LENGTH, core.PASSWORD_MIN_LENGTH],
    ['PASSWORD_MAX_LENGTH', rules.PASSWORD_MAX_LENGTH, core.PASSWORD_MAX_LENGTH],
    ['MAX_CLINIC_BREAKS', rules.MAX_CLINIC_BREAKS, core.MAX_CLINIC_BREAKS],
    ['MAX_REMINDER_RULES', rules.MAX_REMINDER_RULES, core.MAX_REMINDER_RULES],
    ['MAX_REMINDER_HOURS', rules.MAX_REMINDER_HOURS, core.MAX_REMINDER_HOURS],
    ['LANGUAGES', rules.LANGUAGES, core.LANGUAGES],
    ['STAFF_ROLES', contract.STAFF_ROLES, core.STAFF_ROLES],
    ['CHECK_CONDITION_KINDS', contract.CHECK_CONDITION_KINDS, core.CHECK_CONDITION_KINDS],
    ['BLOCK_RESOURCE_TYPES', contract.BLOCK_RESOURCE_TYPES, core.BLOCK_RESOURCE_TYPES],
    ['FUNNEL_STEPS', contract.FUNNEL_STEPS, core.FUNNEL_STEPS],
    ['ACCESS_ACTIONS', contract.ACCESS_ACTIONS, core.ACCESS_ACTIONS],
    ['ACCESS_OUTCOMES', contract.ACCESS_OUTCOMES, core.ACCESS_OUTCOMES],
    ['ACCEPTED_REPORT_KEYS', contract.ACCEPTED_REPORT_KEYS, core.ACCEPTED_REPORT_KEYS],
    ['MENU_RULES', rules.MENU_RULES, core.MENU_RULES],
    ['CATEGORY_NAME_MAX', rules.CATEGORY_NAME_MAX, core.CATEGORY_NAME_MAX],
    ['FACILITY_NAME_MAX', rules.FACILITY_NAME_MAX, core.FACILITY_NAME_MAX],
    ['DISPLAY_ORDER_MAX', rules.DISPLAY_ORDER_MAX, core.DISPLAY_ORDER_MAX],
    ['FORM_RULES', rules.FORM_RULES, (({ keyPattern: _, ...limits }) => limits)(core.FORM_RULES)],
    ['SIGNATURE_IMAGE_MAX', rules.SIGNATURE_IMAGE_MAX, core.SIGNATURE_IMAGE_MAX],
    ['FORM_KINDS', contract.FORM_KINDS, core.FORM_KINDS],
    ['FORM_ITEM_TYPES', contract.FORM_ITEM_TYPES, core.ITEM_TYPES],
    ['COUNTERSIGN_MODES', contract.COUNTERSIGN_MODES, core.COUNTERSIGN_MODES],
    ['MENU_FORM_WHEN', contract.MENU_FORM_WHEN, core.MENU_FORM_WHEN],
    ['MENU_KINDS', contract.MENU_KINDS, core.MENU_KINDS],
    ['MEMBER_PASSWORD_MIN', rules.MEMBER_PASSWORD_MIN, core.MEMBER_PASSWORD_MIN],
    ['MEMBER_PASSWORD_MAX', rules.MEMBER_PASSWORD_MAX, core.MEMBER_PASSWORD_MAX],
  ])('%s', (_, copy, original) => {
    expect(copy).toEqual(original);
  });
});
