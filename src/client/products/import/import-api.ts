import { API } from '../../../shared/api/endpoints';
import {
  type ImportAction,
  type ImportSummary,
  importSummarySchema,
} from '../../../shared/api/product-import';
import { IDEMPOTENCY_HEADER } from '../../../shared/api/routes';
import { saveBlob } from '../../api/download';
import { ApiError, NetworkError } from '../../api/errors';
import { call, callFile, getHttpConfig } from '../../api/http';

/**
 * The import's calls. The upload goes through XMLHttpRequest: it is the browser API that reports
 * how much of a request BODY has been sent (`upload.onprogress`), which the progress bar shows —
 * fetch() reports only the response.
 */
export function uploadForPreview(
  file: File,
  onProgress: (sent: number, total: number) => void,
  signal: AbortSignal,
): Promise<ImportSummary> {
  const config = getHttpConfig();
  const base = config.baseUrl.replace(/\/$/, '');
  const url = `${base}${API.productImportPreview.path}?tenant=${encodeURIComponent(config.getTenant())}`;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = config.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.onload = () => {
      let body: Record<string, unknown> | undefined;
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.data) {
        resolve(importSummarySchema.parse(body.data));
        return;
      }
      const error = new ApiError(
        typeof body?.error === 'string' ? body.error : `HTTP ${xhr.status}`,
        xhr.status,
        typeof body?.code === 'string' ? body.code : undefined,
        body,
      );
      if (xhr.status === 401) config.onUnauthorized(error);
      reject(error);
    };
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

export const fetchRows = (id: string, action: ImportAction | undefined, page: number, limit: number) =>
  call(API.productImportRows, { params: { id }, query: { action, page, limit } });

/** The confirmation carries a key of its own: a retry after a lost answer replays the report. */
export const confirmImport = (summary: ImportSummary) =>
  call(API.productImportConfirm, {
    params: { id: summary.import_id },
    body: { expected_fingerprint: summary.fingerprint },
    headers: { [IDEMPOTENCY_HEADER]: `import-confirm-${summary.import_id}` },
  });

export const fetchSummary = (id: string) => call(API.productImportGet, { params: { id } });

export const fetchProgress = (id: string) => call(API.productImportProgress, { params: { id } });

export async function downloadTemplate(kind: 'xlsx' | 'csv'): Promise<void> {
  const entry = kind === 'xlsx' ? API.productImportTemplateXlsx : API.productImportTemplateCsv;
  const file = await callFile(entry);
  saveBlob(file.blob, file.filename ?? `urun-sablonu.${kind}`);
}

export async function downloadRefused(id: string): Promise<void> {
  const file = await callFile(API.productImportRefused, { params: { id } });
  saveBlob(file.blob, file.filename ?? 'reddedilen.xlsx');
}
