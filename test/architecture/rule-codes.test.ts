import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No business rule is decided in persistence or in a router (issue 22): their error codes are named
 * in the core only, where the use cases decide them. A router declares what a route answers with
 * the core's lists (`MEMBER_CANCEL_ERRORS`, …); persistence reports storage facts (a row locked, a
 * conflict at the exclusion constraint, a version moved on) and names none of these codes.
 * dependency-cruiser sees imports, not string literals, so this reads the files.
 */
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FOLDERS = ['adapters/src/persistence', 'adapters/src/http/routers'];

/** The codes of rules the use cases decide (not storage's, validation's or access's). */
export const RULE_CODES = [
  'ALREADY_RESERVED',
  'ONLINE_BOOKING_RESTRICTED',
  'MENU_NOT_SUBSCRIBED',
  'MEMBER_LOGIN_REQUIRED',
  'UPDATE_DEADLINE_PASSED',
  'CANCEL_DEADLINE_PASSED',
  'WEB_BOOKING_DISABLED',
  'MENU_NOT_ENABLED',
  'MENU_NOT_SPECIFIED',
  'AFTER_MENU_NOT_WEB_BOOKABLE',
  'CLINIC_CLOSED',
  'TOO_FAR_AHEAD',
  'INVALID_TIMESLOT',
  'OUTSIDE_OPENING_HOURS',
  'MOVE_NOT_ALLOWED',
  'VISIT_NOT_CONFIRMABLE',
  'CLINIC_SETTINGS_INADEQUATE',
  'WAITLIST_ALREADY_JOINED',
  'OFFER_NOT_AVAILABLE',
  'OFFER_EXPIRED',
] as const;

const files = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

/**
 * Every rule code that is a whole string literal ('…' or "…") in the text, with its line; one
 * quoted in a description's Markdown (`…` inside a sentence) is documentation, not a decision.
 */
export const ruleCodesIn = (text: string): { code: string; line: number }[] =>
  text.split('\n').flatMap((line, index) => RULE_CODES.filter((code) => new RegExp(`(['"])${code}\\1`).test(line)).map((code) => ({ code, line: index + 1 })));

/**
 * Where a router would decide clinic scope itself: a core scope predicate named (the use cases call
 * `checkClinicScope`; the access guard in middleware/auth.ts calls `isHeadOfficeAdmin`), or a
 * FORBIDDEN raised (`HttpDomainError.of('FORBIDDEN')`, `fail('FORBIDDEN')`, `code: 'FORBIDDEN'`).
 * A 403 described in a route's `responses` is documentation.
 */
const SCOPE_DECISION =
  /\b(?:canManageClinic|isHeadOfficeAdmin|isAdmin|checkClinicScope|mayManageStaffAt|mayWriteStaff)\b|(?:\b(?:of|fail)\(\s*|\bcode:\s*)(['"])FORBIDDEN\1/;

export const scopeDecisionsIn = (text: string): number[] => text.split('\n').flatMap((line, index) => (SCOPE_DECISION.test(line) ? [index + 1] : []));

describe('clinic scope', () => {
  it('is decided by no router: the use cases decide it with core/src/clinic-scope', () => {
    const routers = join(repo, 'adapters/src/http/routers');
    const found = files(routers).flatMap((file) => scopeDecisionsIn(readFileSync(file, 'utf8')).map((line) => `${relative(repo, file)}:${line}`));
    expect(found).toEqual([]);
  });

  it('the check sees a predicate or a FORBIDDEN raised, and not a 403 described', () => {
    expect(scopeDecisionsIn("  if (!canManageClinic(currentStaff(ctx), clinicId)) throw HttpDomainError.of('FORBIDDEN');")).toEqual([1]);
    expect(scopeDecisionsIn("const x = 1;\nif (staff.clinicId !== id) throw new HttpDomainError({ code: 'FORBIDDEN' });")).toEqual([2]);
    expect(scopeDecisionsIn('return fail("FORBIDDEN");')).toEqual([1]);
    expect(scopeDecisionsIn("403: { description: 'FORBIDDEN' },\n403: { description: 'FORBIDDEN（他院）' },")).toEqual([]);
  });
});

describe('rule error codes', () => {
  it('are named neither in adapters/src/persistence nor in a router', () => {
    const found = FOLDERS.flatMap((folder) =>
      files(join(repo, folder)).flatMap((file) => ruleCodesIn(readFileSync(file, 'utf8')).map(({ code, line }) => `${relative(repo, file)}:${line} ${code}`)),
    );
    expect(found).toEqual([]);
  });

  it('the check sees a quoted code, and not one in a sentence', () => {
    expect(ruleCodesIn("throw new DomainRuleViolation(domainError('ALREADY_RESERVED'));")).toEqual([{ code: 'ALREADY_RESERVED', line: 1 }]);
    expect(ruleCodesIn('errors: ["OFFER_EXPIRED"],\nconst x = 1;\n  \'CLINIC_CLOSED\',')).toEqual([
      { code: 'OFFER_EXPIRED', line: 1 },
      { code: 'CLINIC_CLOSED', line: 3 },
    ]);
    expect(ruleCodesIn("'付けないと400 `OUTSIDE_OPENING_HOURS`です。'")).toEqual([]);
    expect(ruleCodesIn("description: '本会員のものなら MEMBER_LOGIN_REQUIRED（会員ログインしてから予約）。'")).toEqual([]);
  });
});
