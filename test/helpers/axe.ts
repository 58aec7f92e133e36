import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { screenshot } from './browser.js';

const AXE_SOURCE = readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core's WCAG 2.0/2.1 A and AA rules on the page as a person sees it: CSS animations and transitions
 * still running (a toast fading in, a dialog opening) are let finish first, since axe would otherwise measure the
 * contrast of a half-transparent frame that is on screen for a fifth of a second.
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Evaluated through the DevTools protocol, so the page's strict CSP (no inline scripts) stays as it is.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${AXE_SOURCE}\n;void 0`);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{
            violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
}

/** Fails with a readable list when axe finds anything. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const violations = await runAxe(page);
  if (violations.length) {
    const text = violations
      .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.targets.slice(0, 4).join('\n    ')}`)
      .join('\n');
    throw new Error(`axe found ${violations.length} violation(s) on ${where}:\n${text}`);
  }
}

/** The page at a phone's width and a desktop's (ending at 1280 x 900): no axe violations, and a screenshot of each. */
export async function checkAtWidths(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect({ name, width, violations: await runAxe(page) }).toEqual({ name, width, violations: [] });
    await screenshot(page, `${name}-${width}`);
  }
}
