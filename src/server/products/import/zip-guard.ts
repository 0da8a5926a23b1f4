import yauzl from 'yauzl';
import { IMPORT_LIMITS } from '../../../shared/domain/product-import';
import { ImportFileError } from './import-errors';

/**
 * An .xlsx is a zip. Before any reader unpacks it, its central directory is read (no data is
 * inflated for that) and the file is refused when it would unpack beyond the bounds — a "zip
 * bomb" is a few kilobytes that inflate to gigabytes and take the server's memory with them:
 * - more than `maxZipEntries` entries;
 * - a total uncompressed size above `maxUnpackedBytes`;
 * - an entry that inflates more than `maxInflateRatio` times (legitimate spreadsheet XML
 *   compresses 5–30×; zeros compress ~1000×);
 * - not a workbook: no `[Content_Types].xml` or no `xl/workbook.xml`.
 * Then every entry is inflated once into nothing, counting: the sizes the directory declares are
 * the sizes the data has (yauzl stops an entry that inflates past its declared size), so the
 * reader that comes next can never unpack more than what was checked. Each local header must sit
 * right after the previous entry's data, so no unlisted entry hides between listed ones for a
 * streaming reader to find.
 */
export async function checkXlsxZip(buffer: Buffer): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (err, z) => (err || !z ? reject(err ?? new Error('zip')) : resolve(z)),
    ),
  ).catch(() => {
    throw new ImportFileError('NOT_SPREADSHEET');
  });
  if (zip.entryCount > IMPORT_LIMITS.maxZipEntries) throw new ImportFileError('ZIP_TOO_LARGE');
  const entries = await listEntries(zip);
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    if (entry.uncompressedSize > 1024 * 1024 && ratio > IMPORT_LIMITS.maxInflateRatio)
      throw new ImportFileError('ZIP_TOO_LARGE');
  }
  if (total > IMPORT_LIMITS.maxUnpackedBytes) throw new ImportFileError('ZIP_TOO_LARGE');
  const names = new Set(entries.map((e) => e.fileName));
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml'))
    throw new ImportFileError('NOT_SPREADSHEET');

  // Inflate for real, counting; and check the entries lie back to back.
  const ordered = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  if ((ordered[0]?.relativeOffsetOfLocalHeader ?? 0) !== 0) throw new ImportFileError('NOT_SPREADSHEET');
  let inflated = 0;
  for (const [i, entry] of ordered.entries()) {
    const header = await new Promise<{ fileDataStart: number }>((resolve, reject) =>
      zip.readLocalFileHeader(entry, { minimal: true }, (err, h) => (err ? reject(err) : resolve(h))),
    ).catch(() => {
      throw new ImportFileError('NOT_SPREADSHEET');
    });
    const end = header.fileDataStart + entry.compressedSize;
    const next = ordered[i + 1]?.relativeOffsetOfLocalHeader;
    // A data descriptor (12 or 16 bytes) may follow the data when flag bit 3 is set.
    const gap = next === undefined ? 0 : next - end;
    const descriptor = (entry.generalPurposeBitFlag & 0x8) !== 0;
    if (next !== undefined && !(gap === 0 || (descriptor && (gap === 12 || gap === 16))))
      throw new ImportFileError('NOT_SPREADSHEET');
    inflated += await drain(zip, entry);
    if (inflated > IMPORT_LIMITS.maxUnpackedBytes) throw new ImportFileError('ZIP_TOO_LARGE');
  }
  zip.close();
}

function listEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(new ImportFileError('NOT_SPREADSHEET')));
    zip.readEntry();
  });
}

/** Inflates one entry into nothing; its byte count (yauzl fails an entry that exceeds its declared size). */
function drain(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<number> {
  if (entry.fileName.endsWith('/')) return Promise.resolve(0);
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(new ImportFileError('NOT_SPREADSHEET'));
      let n = 0;
      stream.on('data', (chunk: Buffer) => {
        n += chunk.length;
      });
      stream.on('end', () => resolve(n));
      stream.on('error', () => reject(new ImportFileError('ZIP_TOO_LARGE')));
    });
  });
}
