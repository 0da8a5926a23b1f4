import { describe, expect, it } from 'vitest';
import { responseTone } from '../../src/client/dashboard/response-tone';
import { bottomOffset, MESSAGE_ROOM, topOffset } from '../../src/client/shared-ui/dialog-clearance';
import { figureSx } from '../../src/client/shared-ui/figure';
import { t } from '../../src/client/shared-ui/i18n';
import { refusalNotice, refusedRoute } from '../../src/client/shared-ui/route-access';
import { cachedTenantInfo } from '../../src/client/state/session';
import { feedbackText, ScanPipeline } from '../../src/client/warehouse/scan-pipeline';
import { FALLBACK_TENANT_INFO } from '../../src/shared/api/tenant-fallback';

/** The pure rules behind what a new user tripped over (the browser tests drive the screens). */

describe('response time against the target', () => {
  it('is good within the target and bad above it, whatever the bar length', () => {
    expect(responseTone(9, 60)).toBe('good');
    expect(responseTone(60, 60)).toBe('good');
    expect(responseTone(61, 60)).toBe('bad');
    expect(responseTone(407, 60)).toBe('bad');
    expect(responseTone(null, 60)).toBe('none');
  });
});

describe('messages clear of an open dialog’s action row', () => {
  const H = 844;
  it('stay in their usual place without a dialog, or when the row is elsewhere', () => {
    expect(bottomOffset(null, H, 8)).toBe(8);
    expect(topOffset(null, 64)).toBe(64);
    // A centred dialog: its row is far above a bottom message and far below a top one.
    expect(bottomOffset({ top: 500, bottom: 552 }, H, 8)).toBe(8);
    expect(topOffset({ top: 500, bottom: 552 }, 64)).toBe(64);
  });
  it("sit just above a full-screen dialog's bottom row", () => {
    const row = { top: H - 60, bottom: H };
    const bottom = bottomOffset(row, H, 8);
    expect(H - bottom).toBeLessThanOrEqual(row.top); // the message's lower edge is above the row
    expect(bottom).toBe(68);
  });
  it('go below a row near the top', () => {
    expect(topOffset({ top: 70, bottom: 122 }, 64)).toBe(130);
    expect(topOffset({ top: 64 + MESSAGE_ROOM, bottom: 300 }, 64)).toBe(64);
  });
});

describe('figures', () => {
  it('stay on one line and scale to their card', () => {
    const sx = figureSx('6.125.291,74 TL');
    expect(sx.whiteSpace).toBe('nowrap');
    expect(sx.fontSize).toMatch(/^min\(1\.5rem, [\d.]+cqi\)$/);
    // A longer figure gets a smaller ceiling relative to the card.
    const ratio = (s: string) => Number(/, ([\d.]+)cqi/.exec(figureSx(s).fontSize)?.[1]);
    expect(ratio('61.252.910,74 TL')).toBeLessThan(ratio('6.125.291,74 TL'));
  });
});

describe('a role sent away from a page', () => {
  it('is told which page, for the guarded routes only (any case, trailing slash)', () => {
    expect(refusedRoute('salesperson', '/manager-dashboard')).toBe('/manager-dashboard');
    expect(refusedRoute('salesperson', '/ADMIN/')).toBe('/admin');
    expect(refusedRoute('manager', '/manager-dashboard')).toBeNull();
    expect(refusedRoute('driver', '/orders')).toBeNull();
    expect(refusalNotice(t, '/admin')).toBe(
      '“Yönetim Paneli” sayfasını açma yetkiniz yok; ana sayfanıza yönlendirildiniz.',
    );
  });
});

describe('the remembered company', () => {
  it("is shown only on its own tenant's pages", () => {
    const client1 = { ...FALLBACK_TENANT_INFO, tenant_id: 'client1', company_name: 'Anadolu Dağıtım' };
    expect(cachedTenantInfo(client1, 'client1')).toBe(client1);
    expect(cachedTenantInfo(client1, 'Client1')).toBe(client1);
    expect(cachedTenantInfo(client1, 'yok-boyle')).toBeNull();
    expect(cachedTenantInfo(null, 'client1')).toBeNull();
  });
});

describe('an unknown barcode', () => {
  it('is said to be on no line of this order, not unreadable', () => {
    const pipeline = new ScanPipeline([
      {
        id: 'l1',
        product_id: 'p1',
        product_name: 'Kalem',
        barcode: '8690000000012',
        quantity: 2,
        scanned_quantity: 0,
      },
    ]);
    const outcome = pipeline.scan('4006381333931');
    expect(outcome.kind).toBe('unknown');
    expect(feedbackText(outcome, t)).toBe('Bu barkod bu siparişteki hiçbir ürüne ait değil (4006381333931)');
    expect(feedbackText(pipeline.scan('8690000000013'), t)).toBe(t('wh_unreadable'));
  });
});
