import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

/**
 * axe-core in the journeys (issue 28, docs/web.md "Accessibility"): the WCAG 2.0 and 2.1 rules of
 * levels A and AA, on the whole page as the person sees it now (open dialogs and drawers
 * included), with real colours (the ui-kit's story tests run in jsdom, which cannot compute them).
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/**
 * Rules axe marks experimental, which the tags alone leave out, that WCAG 2.1 A/AA asks for:
 * label-in-name (2.5.3), a control's accessible name contains its visible text.
 */
export const AXE_EXTRA_RULES = ['label-content-name-mismatch'] as const;

export interface AxeCheckOptions {
  /** CSS selectors to leave out of the check (use sparingly, and say why beside the call). */
  exclude?: string[];
}

const clip = (html: string, max = 300) => (html.length > max ? `${html.slice(0, max)}…` : html);

/** One violation as a person fixes it: rule, impact, what it asks, and every element (selector and HTML). */
export function describeViolation(violation: Result): string {
  const nodes = violation.nodes.map((node) => {
    const target = node.target.map((part) => (Array.isArray(part) ? part.join(' >> ') : String(part))).join(' | ');
    const why = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' / ');
    return `    - ${target}\n      ${clip(node.html)}\n      ${why}`;
  });
  return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}`;
}

/** The whole report of one check: where, at which width and language, and every violation. */
export function describeViolations(label: string, results: Pick<AxeResults, 'violations' | 'url'>, width?: number, lang?: string | null): string {
  const where = `${label} (${results.url}, ${width ?? '?'} px, lang=${lang ?? '?'})`;
  if (results.violations.length === 0) return `${where}: no axe violations`;
  const count = results.violations.reduce((sum, v) => sum + v.nodes.length, 0);
  return `${where}: ${results.violations.length} axe rule(s) violated on ${count} element(s)\n${results.violations.map(describeViolation).join('\n')}`;
}

/**
 * Waits for the page's finite animations and transitions (the 0.3 s fade between pages, a dialog
 * sliding in): axe measures colours as painted, and text half faded in fails contrast. Endless
 * ones (a spinner) are left running.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Runs axe on the page as it is and returns the results (for a test that asserts more than "none"). */
export async function runAxe(page: Page, options: AxeCheckOptions = {}): Promise<AxeResults> {
  await settled(page);
  // Legacy mode: axe.run in the page itself. The default (runPartial in each frame, then
  // finishRun in a new blank page of the context) costs a page and a second injection of axe per
  // check: 1.33 s against 0.69 s a check on the public pages (docs/web.md, "Accessibility"). What
  // legacy mode cannot do is look into a frame of another origin, and no page of the
  // app has a frame; the planted-violation test of accessibility.spec.ts proves it still reports.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({
    runOnly: { type: 'tag', values: [...AXE_TAGS] },
    rules: Object.fromEntries(AXE_EXTRA_RULES.map((id) => [id, { enabled: true }])),
    // Only what fails: the passes and incomplete lists are large and unused here.
    resultTypes: ['violations'],
  });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  return builder.analyze();
}

/**
 * Fails the test if axe finds a WCAG 2.1 A/AA violation on the page as it is now. `label` names the
 * view in the report (e.g. "staff calendar, booking dialog open"); the failure lists, per rule, the
 * impact and every element with its selector and HTML, so it can be fixed from the log.
 *
 * Call it once the view has settled (wait for its content, e.g. a heading or the dialog).
 */
export async function expectNoAxeViolations(page: Page, label: string, options: AxeCheckOptions = {}): Promise<void> {
  await test.step(`axe: ${label}`, async () => {
    const results = await runAxe(page, options);
    const lang = await page.locator('html').getAttribute('lang');
    const report = describeViolations(label, results, page.viewportSize()?.width, lang);
    expect.soft(results.violations.length, report).toBe(0);
  });
}
