import { IMPORT_LIMITS } from '../../../shared/domain/product-import';

/** Why a whole file is refused (400), each with its Turkish message. */
export const IMPORT_FILE_MESSAGES = {
  NOT_SPREADSHEET: 'Yalnızca .xlsx veya .csv dosyası yüklenebilir',
  NO_FILE: 'Bir dosya seçin',
  WRONG_FIELD: 'Dosya "file" alanında gönderilmelidir',
  NUL_CHARACTER: 'Dosyada geçersiz bir karakter (NUL, 0x00) var; dosyayı yeniden kaydedip yükleyin',
  FILE_TOO_LARGE: `Dosya en fazla ${IMPORT_LIMITS.maxFileBytes / 1024 / 1024} MB olabilir`,
  ZIP_TOO_LARGE: `Dosya açıldığında ${IMPORT_LIMITS.maxUnpackedBytes / 1024 / 1024} MB sınırını aşıyor; yüklenemez`,
  TOO_MANY_ROWS: `Dosyada en fazla ${IMPORT_LIMITS.maxRows.toLocaleString('tr-TR')} ürün satırı olabilir; dosyayı bölerek yükleyin`,
  TOO_MANY_COLUMNS: `Dosyada en fazla ${IMPORT_LIMITS.maxColumns} sütun olabilir`,
  EMPTY: 'Dosyada başlık satırı ve en az bir ürün satırı olmalıdır',
  NO_CODE_COLUMN: "Dosyada 'Ürün Kodu' sütunu bulunamadı; şablondaki başlıkları kullanın",
  DUPLICATE_COLUMN: 'Aynı alan için birden fazla sütun var: {columns}',
  UNREADABLE: 'Dosya okunamadı; bozuk olabilir',
} as const;
export type ImportFileErrorCode = keyof typeof IMPORT_FILE_MESSAGES;

export class ImportFileError extends Error {
  constructor(
    readonly reason: ImportFileErrorCode,
    readonly params: Record<string, string> = {},
  ) {
    super(IMPORT_FILE_MESSAGES[reason].replace(/\{(\w+)\}/g, (_m, k: string) => params[k] ?? ''));
    this.name = 'ImportFileError';
  }
}
