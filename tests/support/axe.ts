import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core from npm, injected into the page under test (never fetched).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Puts axe-core into the page. */
async function injectAxe(page: Page): Promise<void> {
  await page.evaluate(axeSource);
}

/**
 * The axe-core rules broken on the page at serious or critical impact, with where; and, with
 * `alsoRules`, those rules whatever their impact (heading-order is only "moderate").
 */
export async function seriousViolations(page: Page, alsoRules: string[] = []): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async (also) => {
    const { violations } = await (
      window as unknown as {
        axe: {
          run(context: Document): Promise<{
            violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
          }>;
        };
      }
    ).axe.run(document);
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical' || also.includes(v.id))
      .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, alsoRules);
}
