import type { Locator, Page } from 'playwright-core';

/**
 * The recipient signs on the delivery dialog's canvas: one pointer drag across it (a wave from
 * left to right), as a finger or a mouse draws it.
 */
export async function drawSignature(page: Page, canvas: Locator): Promise<void> {
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no signature canvas');
  await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) {
    await page.mouse.move(
      box.x + 20 + i * ((box.width - 40) / 24),
      box.y + box.height * (0.5 + 0.3 * Math.sin(i / 2)),
      { steps: 2 },
    );
  }
  await page.mouse.up();
}
