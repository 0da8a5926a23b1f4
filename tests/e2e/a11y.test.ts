import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { contrastRatio, toHex } from '../../src/shared/domain/contrast';
import { browserPerFile, newContext, signIn } from '../helpers/browser';

const baseURL = inject('baseURL');
const browser = browserPerFile();

interface TextSample {
  text: string;
  fg: [number, number, number, number];
  bg: [number, number, number];
  large: boolean;
}

/**
 * Every element inside `selector` that draws text of its own: its computed text colour (alpha
 * times the opacity of it and its ancestors) and the first opaque background behind it.
 */
function textSamples(page: Page, selector: string): Promise<TextSample[]> {
  return page.evaluate((sel) => {
    const parse = (value: string): [number, number, number, number] => {
      const n = value.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
      return [n[0] ?? 0, n[1] ?? 0, n[2] ?? 0, n[3] ?? 1];
    };
    const samples: TextSample[] = [];
    for (const root of document.querySelectorAll(sel)) {
      for (const el of [root, ...root.querySelectorAll('*')]) {
        const own = [...el.childNodes].some((c) => c.nodeType === Node.TEXT_NODE && c.textContent?.trim());
        if (!own || !(el instanceof HTMLElement) || el.offsetParent === null) continue;
        const style = getComputedStyle(el);
        const fg = parse(style.color);
        let bg: [number, number, number] | null = null;
        for (let a: Element | null = el; a; a = a.parentElement) {
          const s = getComputedStyle(a);
          fg[3] *= Number(s.opacity);
          const b = parse(s.backgroundColor);
          if (!bg && b[3] >= 0.99) bg = [b[0], b[1], b[2]];
        }
        // Not drawn (e.g. the outlined input's notch legend, visibility hidden / opacity 0).
        if (style.visibility !== 'visible' || fg[3] === 0) continue;
        const size = Number.parseFloat(style.fontSize);
        const bold = Number(style.fontWeight) >= 700;
        samples.push({
          text: el.textContent?.trim().slice(0, 40) ?? '',
          fg,
          bg: bg ?? [255, 255, 255],
          large: size >= 24 || (bold && size >= 18.66),
        });
      }
    }
    return samples;
  }, selector);
}

/** The contrast of a sample, the text colour composited over its background first. */
function ratio(s: TextSample): number {
  const [r, g, b, a] = s.fg;
  const fg = [r, g, b].map((v, i) => v * a + s.bg[i]! * (1 - a)) as [number, number, number];
  return contrastRatio(toHex(fg), toHex(s.bg));
}

function expectReadable(samples: TextSample[]) {
  expect(samples.length).toBeGreaterThan(0);
  for (const s of samples)
    expect(ratio(s), `"${s.text}" ${JSON.stringify(s)}`).toBeGreaterThanOrEqual(s.large ? 3 : 4.5);
}

// Two tenants with different branding: default (#1976d2 / #dc004e) and demo (#2e7d32 / #ff6f00,
// whose orange cannot carry white text as it is).
describe('text contrast with the tenant colours (WCAG 1.4.3)', () => {
  for (const tenant of ['default', 'demo']) {
    it(`${tenant}: the login header and the top bar (with the avatar) are readable`, async () => {
      const context = await newContext(browser());
      const page = await context.newPage();
      await page.goto(`${baseURL}/login?tenant=${tenant}`);
      await page.locator('input[name="username"]').waitFor();
      // The tenant's info (branding) arrives after the first paint: wait for its company name.
      await expect.poll(() => page.locator('form').count()).toBe(1);
      await page.waitForLoadState('networkidle');
      expectReadable(await textSamples(page, 'main, #root > div'));

      await signIn(page, baseURL, tenant, 'manager');
      await page.waitForURL((url) => url.pathname !== '/login');
      await page.locator('header').first().waitFor();
      const samples = await textSamples(page, 'header');
      // The avatar's initials sit on the tenant's secondary colour.
      expect(samples.some((s) => s.bg.join() !== '255,255,255')).toBe(true);
      expectReadable(samples);
      await context.close();
    });
  }
});
