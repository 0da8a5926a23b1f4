import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A ZIP archive (PKWARE APPNOTE 6.3, no ZIP64) of in-memory files, each deflated. Names are UTF-8
 * (general purpose flag bit 11, so 'Öztürk.xml' opens right on every system). Bounds: fewer than
 * 65,535 entries and under 4 GiB in all — the callers' limits stay far below both.
 */
export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Modification time (default: now). */
  at?: Date;
}

const UTF8_FLAG = 0x0800;
const DEFLATE = 8;

function dosDateTime(at: Date): { date: number; time: number } {
  const year = Math.max(1980, at.getFullYear());
  return {
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
  };
}

/**
 * A window no larger than the file: it compresses the same (a match never reaches further back
 * than the file's start) and zlib sets up far less state per call — an export deflates 10,000
 * small files, where that setup was most of the time.
 */
function windowFor(size: number): { windowBits: number; memLevel: number } {
  const windowBits = Math.min(15, Math.max(9, Math.ceil(Math.log2(Math.max(size, 1)))));
  return { windowBits, memLevel: windowBits < 15 ? 6 : 8 };
}

/**
 * Builds an archive file by file: each file is deflated as it is added, so a caller with many
 * files can yield to the event loop between them (other requests go on meanwhile).
 */
export class ZipBuilder {
  private readonly parts: Buffer[] = [];
  private readonly central: Buffer[] = [];
  private offset = 0;
  private count = 0;

  add(entry: ZipEntry): void {
    if (this.count + 1 >= 0xffff) throw new RangeError('too many zip entries');
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = deflateRawSync(entry.data, windowFor(entry.data.length));
    const crc = crc32(entry.data);
    const { date, time } = dosDateTime(entry.at ?? new Date());
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_FLAG, 6);
    local.writeUInt16LE(DEFLATE, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(UTF8_FLAG, 8);
    header.writeUInt16LE(DEFLATE, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(compressed.length, 20);
    header.writeUInt32LE(entry.data.length, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(this.offset, 42);
    this.parts.push(local, name, compressed);
    this.central.push(header, name);
    this.offset += local.length + name.length + compressed.length;
    this.count += 1;
  }

  finish(): Buffer {
    const centralSize = this.central.reduce((sum, b) => sum + b.length, 0);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.count, 8);
    end.writeUInt16LE(this.count, 10);
    end.writeUInt32LE(centralSize, 12);
    end.writeUInt32LE(this.offset, 16);
    return Buffer.concat([...this.parts, ...this.central, end]);
  }
}
