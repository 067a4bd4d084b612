import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import type { AxeResults, ImpactValue, Result } from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe-core run inside a Playwright page. The engine's source is evaluated through the DevTools protocol
 * (page.evaluate), not added as a <script> tag: evaluation does not depend on what the page's Content-Security-Policy
 * allows. (@axe-core/playwright does the same, plus frames, which the admin has none of.)
 */

/**
 * The engine as the page receives it: axe-core's minified build, the same code as the `axe.source` its Node entry
 * gives (which is the unminified one, 2.3 times longer). The page parses it after each navigation, before every scan of
 * a walk: a fifth of a scan's time went on the longer text.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0 and 2.1, levels A and AA: what issue 13 asks of the admin. */
export const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeNode {
  /** A CSS selector of the element (axe's own, unique in the page). */
  target: string;
  /** Its opening tag, cut short. */
  html: string;
  /** axe's explanation of what is wrong with this element (contrast figures, the missing name…). */
  summary: string;
}

export interface AxeViolation {
  rule: string;
  impact: ImpactValue | null;
  /** axe's tags of the rule: which WCAG level and criterion, or 'best-practice'. */
  tags: string[];
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

export interface AxeScanOptions {
  /** Limit the scan to this selector (the whole document by default). */
  include?: string;
  /** Parts of the page left out (e.g. an element another test owns). */
  exclude?: string[];
  /** Rules switched off, each with the reason in the caller. */
  disableRules?: string[];
  /** The rule sets run (axe's tags); WCAG_21_AA_TAGS unless given, e.g. with 'best-practice' added. */
  tags?: string[];
}

const toViolation = (result: Result): AxeViolation => ({
  rule: result.id,
  impact: result.impact ?? null,
  tags: result.tags,
  help: result.help,
  helpUrl: result.helpUrl,
  nodes: result.nodes.map((node) => ({
    target: node.target.map(String).join(' '),
    html: node.html.length > 160 ? `${node.html.slice(0, 157)}…` : node.html,
    summary: (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ').trim(),
  })),
});

/** Runs axe with the WCAG 2.1 A/AA rules on the page as it is now; returns every violation, whatever its impact. */
export async function scanAccessibility(page: Page, options: AxeScanOptions = {}): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const rules = Object.fromEntries((options.disableRules ?? []).map((rule) => [rule, { enabled: false }]));
  const results = await page.evaluate(
    async ({ include, exclude, tags, rules }) => {
      const engine = (window as unknown as { axe: typeof axe }).axe;
      const context = { include: include ? [include] : [document], exclude: exclude.map((selector) => [selector]) };
      return JSON.parse(
        JSON.stringify(
          await engine.run(context as never, {
            runOnly: { type: 'tag', values: tags },
            rules,
            resultTypes: ['violations'],
          }),
        ),
      ) as AxeResults;
    },
    { include: options.include, exclude: options.exclude ?? [], tags: options.tags ?? WCAG_21_AA_TAGS, rules },
  );
  return results.violations.map(toViolation);
}

const BLOCKING: ImpactValue[] = ['serious', 'critical'];

/** The violations as text a person can act on: rule, impact, what it asks, then each element and why. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map((violation) =>
      [
        `${violation.rule} (${violation.impact ?? 'no impact'}): ${violation.help} — ${violation.helpUrl}`,
        ...violation.nodes.map((node) => `  • ${node.target}\n    ${node.html}\n    ${node.summary}`),
      ].join('\n'),
    )
    .join('\n');
}

/**
 * Scans the page and throws when axe finds a serious or critical violation, with all of them in the message
 * (`where` names the page and its state). Returns the minor and moderate ones, which callers may print.
 */
export async function expectNoSeriousViolations(
  page: Page,
  where: string,
  options: AxeScanOptions = {},
): Promise<AxeViolation[]> {
  const violations = await scanAccessibility(page, options);
  const blocking = violations.filter((violation) => violation.impact !== null && BLOCKING.includes(violation.impact));
  if (blocking.length > 0) {
    throw new Error(
      `${where}: ${blocking.length} serious or critical accessibility violation(s)\n${formatViolations(blocking)}`,
    );
  }
  return violations.filter((violation) => !blocking.includes(violation));
}
