import { beforeAll, describe, expect, it } from 'vitest';
import { failureNotes, splitDeliveries, telLink } from '../../src/client/driver/driver-ui';
import { dataUrlBytes, encodingPlan, fitWithin, PHOTO_MAX_SIDE } from '../../src/client/driver/photo';
import { deliveryMutations, deliveryNotes } from '../../src/client/local/mutations/delivery';
import { loadEnglish } from '../../src/client/shared-ui/i18n';
import { mapsLink } from '../../src/client/shared-ui/maps-link';
import { outboxSummary } from '../../src/client/shared-ui/outbox-summary';
import { useUi } from '../../src/client/state/ui';
import { decodeImage, sniffImageType } from '../../src/server/delivery/delivery.service';
import { DELIVERY_FAILURE_REASONS } from '../../src/shared/api/warehouse';

/** The pure rules of the driver's work: photo sizing, the work list, texts, image checks. */

describe('photo: resized on the device to ≤ 1600 px', () => {
  it('fits the longer side, keeps the aspect, never enlarges', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(10000, 10)).toEqual({ width: 1600, height: 2 });
    expect(fitWithin(10, 100000)).toEqual({ width: 1, height: 1600 });
    expect(fitWithin(0, 100)).toEqual({ width: 0, height: 0 });
  });

  it('tries lower qualities first, then smaller sides, never above the limit and never below 320 px', () => {
    const plan = encodingPlan(4032, 3024);
    expect(plan[0]).toEqual({ width: 1600, height: 1200, quality: 0.85 });
    expect(plan.slice(0, 4).map((p) => p.quality)).toEqual([0.85, 0.7, 0.55, 0.4]);
    expect(plan[4]).toEqual({ width: 1200, height: 900, quality: 0.85 });
    for (const step of plan) expect(Math.max(step.width, step.height)).toBeLessThanOrEqual(PHOTO_MAX_SIDE);
    const last = plan.at(-1);
    expect(Math.max(last?.width ?? 0, last?.height ?? 0)).toBe(320);
    // Sides only shrink.
    const sides = plan.map((p) => Math.max(p.width, p.height));
    expect([...sides].sort((a, b) => b - a)).toEqual(sides);
  });

  it('a small photo is tried at its own size', () => {
    expect(encodingPlan(640, 480)[0]).toEqual({ width: 640, height: 480, quality: 0.85 });
  });

  it('measures a data URL in decoded bytes', () => {
    expect(dataUrlBytes(`data:image/jpeg;base64,${Buffer.alloc(1000).toString('base64')}`)).toBe(1000);
    expect(dataUrlBytes(`data:image/png;base64,${Buffer.alloc(1001).toString('base64')}`)).toBe(1001);
    expect(dataUrlBytes('garbage')).toBe(0);
  });
});

describe('the driver’s work list', () => {
  const row = (id: string, status: string, driver: string | null, created: string, updated = created) => ({
    id,
    status,
    driver_id: driver,
    created_at: created,
    updated_at: updated,
  });
  it('to do: their in_transit / out_for_delivery orders, out_for_delivery first, oldest first; finished apart, newest first', () => {
    const orders = [
      row('a', 'in_transit', 'd1', '2026-01-01'),
      row('b', 'out_for_delivery', 'd1', '2026-01-03'),
      row('c', 'in_transit', 'd1', '2025-12-31'),
      row('d', 'delivered', 'd1', '2025-01-01', '2026-02-01'),
      row('e', 'returned', 'd1', '2025-01-01', '2026-03-01'),
      row('f', 'cancelled', 'd1', '2025-01-01', '2026-01-15'),
      row('g', 'refunded', 'd1', '2025-01-01', '2026-01-10'),
      row('h', 'in_transit', 'd2', '2026-01-01'),
      row('i', 'approved', 'd1', '2026-01-01'),
      row('j', 'prepared', 'd1', '2026-01-01'),
    ];
    const { todo, done } = splitDeliveries(orders, 'd1');
    expect(todo.map((o) => o.id)).toEqual(['b', 'c', 'a']);
    expect(done.map((o) => o.id)).toEqual(['e', 'd', 'f', 'g']);
  });

  it('failed delivery notes are "{reason}: {notes}"', () => {
    expect(failureNotes(DELIVERY_FAILURE_REASONS[0], '  zile basıldı ')).toBe(
      'Alıcı adreste değil: zile basıldı',
    );
    expect(failureNotes('Adres bulunamadı', '  ')).toBe('Adres bulunamadı');
  });

  it('tap-to-call and maps links', () => {
    expect(telLink('0532 111 22 33')).toBe('tel:05321112233');
    expect(telLink('+90 (532) 111-22-33')).toBe('tel:+905321112233');
    expect(mapsLink('Moda Cad. No:1, Kadıköy')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Moda%20Cad.%20No%3A1%2C%20Kad%C4%B1k%C3%B6y',
    );
  });
});

describe('the local effect of a delivery', () => {
  const entry = {
    id: 'e1',
    tenant: 'demo',
    user_id: 'u1',
    kind: 'order.deliver',
    summary: 'ORD-000001: teslim edildi, teslim alan Ayşe',
    method: 'POST' as const,
    path: '/orders/o1/deliver',
    body: {
      expected_status: 'out_for_delivery' as const,
      recipient_name: 'Ayşe',
      signature: 'data:image/png;base64,AAAA',
      delivered_at: '2026-11-22T10:00:00.000Z',
    },
    local: { actor: { id: 'u1', name: 'Sürücü' } },
    record_key: 'order:o1',
    records: ['order:o1'],
    created_at: '2026-11-22T10:00:01.000Z',
    attempts: 0,
    next_attempt_at: 0,
    status: 'pending' as const,
    error: null,
    code: null,
    http_status: null,
    last_error: null,
  };
  it('delivered at once, with the event the server writes; an absent order stays absent', () => {
    const apply = deliveryMutations['order.deliver'].apply;
    const next = apply({ id: 'o1', status: 'out_for_delivery', events: [] }, entry, 'order:o1');
    expect(next).toMatchObject({ status: 'delivered' });
    expect((next?.events as { notes: string; to_status: string }[] | undefined)?.[0]).toMatchObject({
      to_status: 'delivered',
      notes: 'Teslim alan: Ayşe',
      from_status: 'out_for_delivery',
      user_name: 'Sürücü',
    });
    expect(apply(null, entry, 'order:o1')).toBeNull();
    expect(deliveryNotes(' Ayşe ', ' arka kapı ')).toBe('Teslim alan: Ayşe\narka kapı');
  });

  beforeAll(() => loadEnglish());

  it('its unsent-change summary reads in English too', () => {
    useUi.setState({ language: 'en' });
    try {
      expect(outboxSummary(entry)).toBe('ORD-000001: delivered, received by Ayşe');
    } finally {
      useUi.setState({ language: 'tr' });
    }
    expect(outboxSummary(entry)).toBe(entry.summary);
  });
});

describe('server: proof images are what they say (magic numbers, size)', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]);
  const gif = Buffer.from('GIF89a', 'latin1');
  const url = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

  it('sniffs PNG and JPEG, nothing else', () => {
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(jpeg)).toBe('image/jpeg');
    expect(sniffImageType(gif)).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it('refuses a declared type the bytes are not, a type not allowed, and too many bytes — naming the field', () => {
    const both = ['image/jpeg', 'image/png'] as const;
    expect(decodeImage(url('image/jpeg', jpeg), 'photo', 'Fotoğraf', both, 100).type).toBe('image/jpeg');
    const refusal = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        return {
          status: (error as { statusCode: number }).statusCode,
          field: (error as { extra: { field: string } }).extra.field,
        };
      }
      return null;
    };
    expect(refusal(() => decodeImage(url('image/jpeg', gif), 'photo', 'F', both, 100))).toEqual({
      status: 400,
      field: 'photo',
    });
    expect(refusal(() => decodeImage(url('image/jpeg', png), 'photo', 'F', both, 100))).toEqual({
      status: 400,
      field: 'photo',
    });
    expect(refusal(() => decodeImage(url('image/gif', gif), 'photo', 'F', both, 100))).toEqual({
      status: 400,
      field: 'photo',
    });
    expect(refusal(() => decodeImage(url('image/jpeg', jpeg), 'signature', 'İ', ['image/png'], 100))).toEqual(
      {
        status: 400,
        field: 'signature',
      },
    );
    expect(
      refusal(() =>
        decodeImage(url('image/jpeg', Buffer.concat([jpeg, Buffer.alloc(95)])), 'photo', 'F', both, 100),
      ),
    ).toEqual({
      status: 400,
      field: 'photo',
    });
  });
});
