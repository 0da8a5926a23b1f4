import { z } from 'zod';
import { productListBody, productListQuery, stringListResponse } from '../catalogue';
import { idParam } from '../common';
import { CSV_TYPE, endpoint, XLSX_TYPE } from '../endpoint';
import { productSchema } from '../entities';
import {
  importConfirmBody,
  importIdParam,
  importProgressResponse,
  importReportSchema,
  importRowsQuery,
  importRowsResponse,
  importSummarySchema,
} from '../product-import';
import {
  bulkProductBody,
  bulkProductResponse,
  createProductBody,
  deleteProductBody,
  deleteProductQuery,
  deleteProductResponse,
  imageHashParam,
  imageUploadResponse,
  listNameBody,
  listNameResponse,
  updateProductBody,
} from '../products';
import { ROUTES } from '../routes';

/**
 * The catalogue: products, their categories, brands and images, and the bulk import. Spread into
 * `API` (./index.ts).
 */
export const PRODUCT_ENDPOINTS = {
  productList: endpoint({
    ...ROUTES.productList,
    query: productListQuery,
    response: productListBody,
    envelope: false,
  }),
  productCategories: endpoint({ ...ROUTES.productCategories, response: stringListResponse }),
  productBrands: endpoint({ ...ROUTES.productBrands, response: stringListResponse }),
  productGet: endpoint({ ...ROUTES.productGet, params: idParam, response: productSchema }),
  productCreate: endpoint({
    ...ROUTES.productCreate,
    body: createProductBody,
    response: productSchema,
    statuses: [200, 201],
  }),
  productUpdate: endpoint({
    ...ROUTES.productUpdate,
    params: idParam,
    body: updateProductBody,
    response: productSchema,
  }),
  productDelete: endpoint({
    ...ROUTES.productDelete,
    params: idParam,
    query: deleteProductQuery,
    body: deleteProductBody,
    emptyBodyAsObject: true,
    response: deleteProductResponse,
  }),
  productBulk: endpoint({ ...ROUTES.productBulk, body: bulkProductBody, response: bulkProductResponse }),
  productCategoryCreate: endpoint({
    ...ROUTES.productCategoryCreate,
    body: listNameBody,
    response: listNameResponse,
    statuses: [200, 201],
  }),
  productBrandCreate: endpoint({
    ...ROUTES.productBrandCreate,
    body: listNameBody,
    response: listNameResponse,
    statuses: [200, 201],
  }),
  productImageUpload: endpoint({
    ...ROUTES.productImageUpload,
    consumes: 'multipart/form-data',
    response: imageUploadResponse,
    statuses: [200, 201],
  }),
  productImage: endpoint({
    ...ROUTES.productImage,
    params: imageHashParam,
    response: z.unknown(),
    produces: 'image/*',
  }),
  productImportPreview: endpoint({
    ...ROUTES.productImportPreview,
    response: importSummarySchema,
    consumes: 'multipart/form-data',
  }),
  productImportTemplateXlsx: endpoint({
    ...ROUTES.productImportTemplateXlsx,
    response: z.unknown(),
    produces: XLSX_TYPE,
  }),
  productImportTemplateCsv: endpoint({
    ...ROUTES.productImportTemplateCsv,
    response: z.unknown(),
    produces: CSV_TYPE,
  }),
  productImportGet: endpoint({
    ...ROUTES.productImportGet,
    params: importIdParam,
    response: importSummarySchema,
  }),
  productImportRows: endpoint({
    ...ROUTES.productImportRows,
    params: importIdParam,
    query: importRowsQuery,
    response: importRowsResponse,
  }),
  productImportProgress: endpoint({
    ...ROUTES.productImportProgress,
    params: importIdParam,
    response: importProgressResponse,
  }),
  productImportConfirm: endpoint({
    ...ROUTES.productImportConfirm,
    params: importIdParam,
    body: importConfirmBody,
    response: importReportSchema,
  }),
  productImportRefused: endpoint({
    ...ROUTES.productImportRefused,
    params: importIdParam,
    response: z.unknown(),
    produces: XLSX_TYPE,
  }),
} as const;
