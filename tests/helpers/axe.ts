import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's serious and critical findings on the page as it is now (WCAG 2 A/AA rules, the
 * screen's current state: open dialogs included), each as `rule: first targets` so a failure
 * names what to fix. Empty when the page is clean.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await settleTransitions(page);
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (o: unknown) => Promise<{
            violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const r = await axe.run({ resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      );
  });
}

/**
 * Waits (at most 2 s) until no finite CSS transition or animation is running: a dialog fading in,
 * a tooltip appearing or a button turning from disabled to enabled has colours between its two
 * states for a moment, and contrast measured then is neither state's. Endless animations (a
 * spinner) are not waited for.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const deadline = Date.now() + 2000;
    while (Date.now() < deadline) {
      const running = document
        .getAnimations()
        .filter(
          (a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
        );
      if (running.length === 0) return;
      await Promise.race([
        Promise.all(running.map((a) => a.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 300)),
      ]);
    }
  });
}
