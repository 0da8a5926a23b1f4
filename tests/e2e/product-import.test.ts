import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import { seriousViolations } from '../helpers/axe';
import { api, apiLogin, browserPerFile, newContext, signIn } from '../helpers/browser';
import { chooseEnglish } from '../helpers/language';

const baseURL = inject('baseURL');
const browser = browserPerFile();
const dir = mkdtempSync(join(tmpdir(), 'import-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * An admin imports a 500-row workbook through the 'Toplu Yükleme' dialog of /product-management:
 * chooses the file, sees the upload's progress and the preview (498 new, 2 with errors naming
 * the row and the column), confirms, and sees the report; the refused rows download as .xlsx and
 * the 498 products exist on the server with their exact prices.
 */
describe('bulk product import in the browser', () => {
  it('an admin imports a 500-row .xlsx through the preview and sees the report', async () => {
    const rows: unknown[][] = [['Ürün Adı', 'Ürün Kodu', 'Satış Fiyatı', 'Kategori', 'Stok']];
    for (let i = 0; i < 500; i++)
      rows.push([
        i === 17 ? '' : `E2E İçe Aktarım ${i}`,
        `E2E-IMP-${String(i).padStart(3, '0')}`,
        i === 42 ? 'on iki' : 10 + i + 0.25,
        'Ev & Yaşam',
        i % 9,
      ]);
    const path = join(dir, 'urunler-500.xlsx');
    writeFileSync(path, await writeExcelFile(rows as never).toBuffer());

    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, 'demo', 'admin');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${baseURL}/product-management`);
    await page.getByTestId('products-bulk-upload').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Şablon (.xlsx)').count()).toBe(1);
    await page.getByTestId('import-file-input').setInputFiles(path);
    await dialog.getByText('Seçilen dosya: urunler-500.xlsx').waitFor();
    await dialog.getByRole('button', { name: 'Yükle ve Önizle' }).click();

    await dialog.getByRole('button', { name: 'Yeni (498)' }).waitFor({ timeout: 60_000 });
    // the errors are shown first, each naming its row and column
    const errors = dialog.getByTestId('import-preview-rows');
    await expect.poll(() => errors.innerText()).toMatch(/Ürün Adı: Ürün Adı gereklidir/);
    expect(await errors.innerText()).toMatch(/Satış Fiyatı: Satış Fiyatı: Geçerli bir sayı giriniz/);
    expect(await errors.innerText()).toMatch(/\b19\b/);
    expect(await errors.innerText()).toMatch(/\b44\b/);

    await page.getByTestId('import-confirm').click();
    const report = page.getByTestId('import-report');
    await report.waitFor({ timeout: 90_000 });
    const text = await report.innerText();
    expect(text).toContain('Oluşturulan: 498');
    expect(text).toContain('Güncellenen: 0');
    expect(text).toContain('Reddedilen: 2');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      report.getByRole('button', { name: 'Reddedilen Satırları İndir (.xlsx)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('urunler-500-reddedilen.xlsx');

    const { token } = await apiLogin(baseURL, 'demo', 'admin');
    const list = await api<{ pagination: { totalDocs: number } }>(
      baseURL,
      'demo',
      '/products?search=E2E-IMP&limit=10',
      { token },
    );
    expect(list.body.pagination.totalDocs).toBe(498);
    const one = await api<{ data: { selling_price_kurus: number; current_stock: number }[] }>(
      baseURL,
      'demo',
      '/products?search=E2E-IMP-499&limit=10',
      { token },
    );
    expect(one.body.data[0]).toMatchObject({ selling_price_kurus: 50925, current_stock: 499 % 9 });
    await context.close();
  });

  it('at 390 px in English the dialog fits, reads English and axe finds nothing serious, chosen and previewed', async () => {
    const path = join(dir, 'small.csv');
    writeFileSync(
      path,
      'Ürün Adı;Ürün Kodu;Satış Fiyatı\nTelefon Kılıfı;E2E-A11Y-1;12,50\n;E2E-A11Y-2;abc\n',
    );
    const context = await newContext(browser(), { width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, baseURL, 'demo', 'admin');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${baseURL}/product-management`);
    await chooseEnglish(page);
    await expect.poll(() => page.getByTestId('products-bulk-upload').innerText()).toBe('Bulk Upload');
    await page.getByTestId('products-bulk-upload').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Template (.xlsx)').waitFor();
    const overflow = () =>
      page.evaluate(() => {
        const paper = document.querySelector('.MuiDialog-paper');
        return paper ? paper.scrollWidth - paper.clientWidth : 0;
      });
    const found: Record<string, string[]> = {};
    found.opened = await seriousViolations(page);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByTestId('import-file-input').setInputFiles(path);
    await dialog.getByText('Chosen file: small.csv').waitFor();
    await dialog.getByRole('button', { name: 'Upload and preview' }).click();
    await dialog.getByRole('button', { name: 'New (1)' }).waitFor({ timeout: 60_000 });
    expect(await dialog.getByRole('button', { name: 'Errors (1)' }).count()).toBe(1);
    found.preview = await seriousViolations(page);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0))).toEqual({});
    // Nothing imported: the dialog closes without a confirmation.
    await page.keyboard.press('Escape');
    await context.close();
  });
});
