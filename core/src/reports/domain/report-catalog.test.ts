import { describe, expect, it } from 'vitest';
import { isReportKey, REPORT_DEFINITIONS, REPORT_GROUPS, REPORT_KEYS, reportKeyOf } from './report-catalog';

describe('report catalogue', () => {
  it('has 25 keys (22 of the specification, the funnel, the no-show rate and waitlist conversions), each with a title, a description and columns', () => {
    expect(REPORT_KEYS).toHaveLength(25);
    expect(new Set(REPORT_KEYS).size).toBe(REPORT_KEYS.length);
    expect(Object.keys(REPORT_DEFINITIONS).sort()).toEqual([...REPORT_KEYS].sort());
    for (const key of REPORT_KEYS) {
      const definition = REPORT_DEFINITIONS[key];
      expect(definition.title, key).not.toBe('');
      expect(definition.description, key).not.toBe('');
      expect(definition.columns.length, key).toBeGreaterThan(1);
    }
    expect(new Set(REPORT_KEYS.map((key) => REPORT_DEFINITIONS[key].title)).size).toBe(REPORT_KEYS.length);
  });

  it("puts every key in exactly one of the picker's six groups", () => {
    const grouped = REPORT_GROUPS.flatMap((group) => group.keys);
    expect(REPORT_GROUPS.map((group) => group.id)).toEqual(['visits', 'cancels', 'menus', 'uptime', 'checklist', 'other']);
    expect(grouped).toHaveLength(REPORT_KEYS.length);
    expect([...grouped].sort()).toEqual([...REPORT_KEYS].sort());
  });

  it("reads a key, the specification's misspelling and its correct spelling, and nothing else", () => {
    expect(reportKeyOf('visit-number')).toBe('visit-number');
    expect(reportKeyOf('users-checklist-unchekcked')).toBe('users-checklist-unchekcked');
    expect(reportKeyOf('users-checklist-unchecked')).toBe('users-checklist-unchekcked');
    expect(reportKeyOf('constructor')).toBeNull();
    expect(reportKeyOf('')).toBeNull();
    expect(isReportKey('users-checklist-unchecked')).toBe(false);
    expect(isReportKey(null)).toBe(false);
  });
});
