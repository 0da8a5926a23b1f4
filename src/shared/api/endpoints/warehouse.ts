import { z } from 'zod';
import { idParam } from '../common';
import { endpoint } from '../endpoint';
import { orderSchema } from '../entities';
import { ROUTES } from '../routes';
import { deliverBody, deliveryProofSchema, scanBarcodeBody, scanBarcodeResponse } from '../warehouse';

/**
 * Warehouse and delivery: barcode scans, delivering with its proof, the delivery note. Spread into
 * `API` (./index.ts).
 */
export const WAREHOUSE_ENDPOINTS = {
  warehouseScan: endpoint({ ...ROUTES.warehouseScan, body: scanBarcodeBody, response: scanBarcodeResponse }),
  orderDeliver: endpoint({
    ...ROUTES.orderDeliver,
    params: idParam,
    body: deliverBody,
    response: orderSchema,
  }),
  orderProof: endpoint({ ...ROUTES.orderProof, params: idParam, response: deliveryProofSchema }),
  deliveryNote: endpoint({
    ...ROUTES.deliveryNote,
    params: z.object({ orderId: z.uuid({ error: 'Sipariş kimliği geçersiz' }) }),
    response: z.unknown(),
    produces: 'application/pdf',
  }),
} as const;
