import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  api,
  apiLogin,
  browserPerFile,
  newContext,
  openOrderPage,
  signIn,
  waitForServiceWorker,
} from '../helpers/browser';
import { drawSignature } from '../helpers/signature';

/**
 * The driver delivers with proof, offline. Accounts: only `driver2` and `admin` of
 * `client1`. The admin makes an order through the API and takes it to in_transit for driver2; the
 * driver (a 390×844 phone) starts the delivery, loses the network, delivers with a name, a drawn
 * signature and a camera photo, reloads with no network (the delivery and its proof are still
 * there, waiting), and comes back online: the server has the order delivered once with that
 * proof, and the admin's order detail shows it.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'client1';

interface Envelope<T> {
  success: boolean;
  data: T;
}
interface OrderLite {
  id: string;
  order_number: string;
  status: string;
  events?: { to_status: string; notes: string | null }[];
}

async function adminOrderInTransitFor(driverId: string, token: string): Promise<OrderLite> {
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const r = await api<Envelope<T>>(baseURL, TENANT, path, { method, token, body });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  const order = await call<OrderLite>('POST', '/orders', {
    customer_name: 'Şoför Testi Müşterisi',
    customer_phone: '0532 111 22 33',
    customer_address: 'Caferağa Mah. Moda Cad. No:1, Kadıköy, İstanbul',
    items: [
      { product_name: 'Çay Bardağı Seti', quantity: 3, unit_price: 45.5 },
      { product_name: 'Porselen Tabak', quantity: 6, unit_price: 89.9 },
    ],
  });
  await call('PATCH', `/orders/${order.id}/status`, { status: 'approved' });
  await call('PATCH', `/orders/${order.id}/assign-driver`, {
    driver_id: driverId,
    vehicle_plate: '34 DRV 02',
  });
  await call('PATCH', `/orders/${order.id}/status`, { status: 'prepared' });
  await call('PATCH', `/orders/${order.id}/status`, { status: 'in_transit' });
  return order;
}

/** A camera-sized photo (2400×1800, noisy so the JPEG is large) made by the page's own canvas. */
async function cameraPhoto(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 2400;
    canvas.height = 1800;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    const image = ctx.createImageData(canvas.width, canvas.height);
    let seed = 7;
    for (let i = 0; i < image.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      image.data[i] = seed & 0xff;
      image.data[i + 1] = (seed >> 8) & 0xff;
      image.data[i + 2] = (seed >> 16) & 0xff;
      image.data[i + 3] = 255;
    }
    ctx.putImageData(image, 0, 0);
    const blob = await new Promise<Blob>((resolve) =>
      canvas.toBlob((b) => resolve(b as Blob), 'image/jpeg', 0.95),
    );
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  return Buffer.from(b64, 'base64');
}

async function noHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

describe('driver: delivery with proof, offline (Chromium against npm start)', () => {
  it('delivers offline with name, signature and photo; survives a reload; reaches the server once; the admin sees the proof', async () => {
    const admin = await apiLogin(baseURL, TENANT, 'admin');
    const driverLogin = await apiLogin(baseURL, TENANT, 'driver2');
    const order = await adminOrderInTransitFor(driverLogin.user.id, admin.token);
    const serverOrder = async () =>
      (await api<Envelope<OrderLite>>(baseURL, TENANT, `/orders/${order.id}`, { token: admin.token })).body
        .data;

    // The driver's phone.
    const context = await newContext(browser(), { width: 390, height: 844 }, { worker: true });
    await context.grantPermissions([]); // no location permission: the delivery must not wait for it
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'driver2');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await waitForServiceWorker(page);
    const card = page.locator(`[data-testid="driver-order"][data-order-id="${order.id}"]`);
    await card.waitFor({ timeout: 30_000 });
    expect(await card.getAttribute('data-status')).toBe('in_transit');
    await expect
      .poll(() => card.getByTestId('driver-order-customer').innerText())
      .toBe('Şoför Testi Müşterisi');
    expect(await card.getByTestId('driver-order-phone').getAttribute('href')).toBe('tel:05321112233');
    expect(await card.getByTestId('driver-order-map').getAttribute('href')).toContain(
      'https://www.google.com/maps/search/?api=1&query=',
    );
    expect(await card.getByTestId('driver-order-items').innerText()).toContain('Çay Bardağı Seti');
    expect(await noHorizontalOverflow(page)).toBe(true);

    // Start the delivery (online): the server has it out_for_delivery.
    await card.getByTestId('driver-start').click();
    await expect.poll(() => card.getAttribute('data-status')).toBe('out_for_delivery');
    await expect.poll(async () => (await serverOrder()).status, { timeout: 30_000 }).toBe('out_for_delivery');

    // Signal lost at the door.
    await context.setOffline(true);
    await card.getByTestId('driver-deliver').click();
    const dialog = page.getByTestId('delivery-dialog');
    await dialog.getByTestId('delivery-recipient').fill('Mehmet Öztürk');
    // The recipient signs: a pointer drag across the canvas.
    await drawSignature(page, dialog.getByTestId('delivery-signature'));
    // The camera photo: resized on the device to a JPEG ≤ 1600 px and ≤ 400 KB.
    const photo = await cameraPhoto(page);
    expect(photo.length).toBeGreaterThan(400 * 1024);
    const pickedAt = Date.now();
    await dialog.getByTestId('delivery-photo-input').setInputFiles({
      name: 'kamera.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    const preview = dialog.getByTestId('delivery-photo-preview');
    await preview.waitFor({ timeout: 30_000 });
    const resized = await preview.evaluate((img: HTMLImageElement) => ({
      width: img.naturalWidth,
      height: img.naturalHeight,
      src: img.src.slice(0, 23),
      bytes: Math.floor((img.src.length - img.src.indexOf(',') - 1) * 0.75),
    }));
    console.info(
      `photo ${photo.length} B ${2400}×${1800} → ${resized.width}×${resized.height} ${resized.bytes} B in ${Date.now() - pickedAt} ms`,
    );
    expect(resized.src).toBe('data:image/jpeg;base64,');
    expect(Math.max(resized.width, resized.height)).toBeLessThanOrEqual(1600);
    expect(resized.bytes).toBeLessThanOrEqual(400 * 1024);
    await dialog.getByTestId('delivery-submit').click();
    await page.getByTestId('delivery-dialog').waitFor({ state: 'hidden' });

    // Delivered locally at once, waiting to be sent: it is now a finished delivery.
    await page.getByTestId('driver-tab-done').click();
    const doneCard = page.locator(`[data-testid="driver-order"][data-order-id="${order.id}"]`);
    await expect.poll(() => doneCard.getAttribute('data-status')).toBe('delivered');
    expect(await doneCard.getByTestId('pending-sync').count()).toBe(1);
    expect(await noHorizontalOverflow(page)).toBe(true);

    // Reload with no network: the delivery and its proof are still on the device.
    await page.reload();
    await page.getByTestId('driver-dashboard').waitFor({ timeout: 30_000 });
    await page.getByTestId('driver-tab-done').click();
    await expect.poll(() => doneCard.getAttribute('data-status'), { timeout: 30_000 }).toBe('delivered');
    expect(await doneCard.getByTestId('pending-sync').count()).toBe(1);
    await expect.poll(() => page.getByTestId('connection-indicator').getAttribute('data-pending')).toBe('1');
    // …and on the order detail, the proof this device has not sent yet.
    await page.goto(`${baseURL}/orders/${order.id}`);
    const localProof = page.getByTestId('delivery-proof');
    await localProof.getByTestId('proof-unsent').waitFor({ timeout: 30_000 });
    expect(await localProof.getByTestId('proof-recipient').innerText()).toBe('Mehmet Öztürk');
    expect(await noHorizontalOverflow(page)).toBe(true);
    expect((await serverOrder()).status).toBe('out_for_delivery'); // the server has not seen it

    // Back online: the outbox sends it; the server has it delivered, once, with the proof.
    await context.setOffline(false);
    await expect.poll(async () => (await serverOrder()).status, { timeout: 60_000 }).toBe('delivered');
    await expect
      .poll(() => page.getByTestId('connection-indicator').getAttribute('data-pending'), { timeout: 30_000 })
      .toBe('0');
    const final = await serverOrder();
    expect(final.events?.filter((e) => e.to_status === 'delivered')).toHaveLength(1);
    expect(final.events?.at(-1)?.notes).toBe('Teslim alan: Mehmet Öztürk');
    const proof = await api<Envelope<{ recipient_name: string; signature: string; photo: string | null }>>(
      baseURL,
      TENANT,
      `/orders/${order.id}/proof`,
      { token: admin.token },
    );
    expect(proof.status).toBe(200);
    expect(proof.body.data.recipient_name).toBe('Mehmet Öztürk');
    expect(proof.body.data.signature.startsWith('data:image/png;base64,')).toBe(true);
    expect(proof.body.data.photo?.startsWith('data:image/jpeg;base64,')).toBe(true);
    const audit = await api<{ data: { logs: Array<{ action: string }> } }>(
      baseURL,
      TENANT,
      `/admin/logs?entity_id=${order.id}`,
      { token: admin.token },
    );
    expect(audit.status).toBe(200);
    expect(audit.body.data.logs.filter((l) => l.action === 'order.deliver')).toHaveLength(1);
    await context.close();

    // The office: the admin's order detail shows the proof.
    const office = await newContext(browser());
    const adminPage = await office.newPage();
    await signIn(adminPage, baseURL, TENANT, 'admin');
    await adminPage.waitForURL((url) => url.pathname === '/dashboard');
    await openOrderPage(adminPage, baseURL, { id: order.id, order_number: final.order_number });
    const block = adminPage.getByTestId('delivery-proof');
    await block.getByTestId('proof-recipient').waitFor({ timeout: 30_000 });
    expect(await block.getByTestId('proof-recipient').innerText()).toBe('Mehmet Öztürk');
    const signature = block.getByTestId('proof-signature');
    await expect
      .poll(() => signature.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await block.getByTestId('proof-photo').count()).toBe(1);
    await office.close();
  });
  it("a failed delivery goes back to in_transit with '{reason}: {details}' as its notes", async () => {
    const admin = await apiLogin(baseURL, TENANT, 'admin');
    const driverLogin = await apiLogin(baseURL, TENANT, 'driver2');
    const order = await adminOrderInTransitFor(driverLogin.user.id, admin.token);
    const serverOrder = async () =>
      (await api<Envelope<OrderLite>>(baseURL, TENANT, `/orders/${order.id}`, { token: admin.token })).body
        .data;
    const context = await newContext(browser(), { width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'driver2');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const card = page.locator(`[data-testid="driver-order"][data-order-id="${order.id}"]`);
    await card.waitFor({ timeout: 30_000 });
    await card.getByTestId('driver-start').click();
    await expect.poll(() => card.getAttribute('data-status')).toBe('out_for_delivery');
    await card.getByTestId('driver-fail').click();
    const dialog = page.getByTestId('failed-dialog');
    await dialog.getByTestId('failed-reason-1').click();
    await dialog.getByTestId('failed-notes').fill('Sokak numarası yanlış');
    await dialog.getByTestId('failed-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    // Back in the to-do list, ready to start again.
    await expect.poll(() => card.getAttribute('data-status')).toBe('in_transit');
    expect(await card.getByTestId('driver-start').count()).toBe(1);
    await expect.poll(async () => (await serverOrder()).status, { timeout: 30_000 }).toBe('in_transit');
    expect((await serverOrder()).events?.at(-1)?.notes).toBe('Adres bulunamadı: Sokak numarası yanlış');
    await context.close();
  });
});
