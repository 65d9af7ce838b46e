import "server-only";
import { constants, crc32, deflateRawSync } from "node:zlib";

// A ZIP archive written front to back as its bytes are sent (APPNOTE 6.3): each entry's local
// header, its deflated data, and, for an entry whose sizes are known only at its end, a data
// descriptor after it; the central directory last. Without ZIP64, so every size and offset must fit
// in 32 bits: beyond that the archive is refused rather than written wrong.

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** 2.0: deflate. */
const VERSION = 20;
const DEFLATE = 8;
/** General purpose flag bit 3: the CRC and sizes follow the data, in a data descriptor. */
const SIZES_AFTER_DATA = 0x0008;
const MAX_32 = 0xffffffff;
const MAX_ENTRIES = 0xffff;

export class ZipTooLargeError extends Error {
  constructor(what: string) {
    super(`The file is too large for a ZIP archive without ZIP64: ${what} would pass its limits.`);
    this.name = "ZipTooLargeError";
  }
}

interface Entry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** MS-DOS date and time fields of a moment, as its UTC clock reads (ZIP has no zone). */
function dosStamp(moment: Date): { time: number; date: number } {
  const year = Math.min(Math.max(moment.getUTCFullYear(), 1980), 2107);
  return {
    time: (moment.getUTCHours() << 11) | (moment.getUTCMinutes() << 5) | (moment.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((moment.getUTCMonth() + 1) << 5) | moment.getUTCDate(),
  };
}

export class ZipWriter {
  readonly #entries: Entry[] = [];
  readonly #stamp: { time: number; date: number };
  readonly #limit: number;
  /** Bytes handed out so far: the next entry's offset. */
  #written = 0;

  /** `limit`: the largest size or offset, 4 GiB - 1 as 32 bits allow; a test's may be smaller. */
  constructor(modified: Date, limit = MAX_32) {
    this.#stamp = dosStamp(modified);
    this.#limit = Math.min(limit, MAX_32);
  }

  /** A part held whole: deflated at once, its CRC and sizes in its header. */
  whole(name: string, content: string): Buffer {
    const data = Buffer.from(content, "utf8");
    const compressed = deflateRawSync(data);
    const entry = this.#begin(name, 0);
    entry.crc = crc32(data);
    entry.size = this.#within(data.length, name);
    entry.compressed = this.#within(compressed.length, name);
    return this.#count(Buffer.concat([this.#localHeader(entry), compressed]));
  }

  /**
   * A part written as its chunks come: its header, its deflated bytes, then a data descriptor. Each
   * chunk is deflated at once, on this thread, and ended on a byte boundary by a sync flush, so the
   * pieces join into one deflate stream (RFC 1951: only its last block is marked final); each starts
   * without the previous one's dictionary, which costs little in size. At level 1 a chunk takes
   * less time than a round trip to zlib's thread pool, whose thread waits to be scheduled on a busy
   * machine, so the sheet is written sooner here (docs/benchmarks.md has the figures).
   */
  async *streamed(name: string, chunks: AsyncIterable<Buffer>, level: number): AsyncGenerator<Buffer> {
    const entry = this.#begin(name, SIZES_AFTER_DATA);
    yield this.#count(this.#localHeader(entry));
    for await (const chunk of chunks) {
      entry.crc = crc32(chunk, entry.crc);
      entry.size = this.#within(entry.size + chunk.length, name);
      const deflated = deflateRawSync(chunk, { level, finishFlush: constants.Z_SYNC_FLUSH });
      yield this.#data(entry, deflated);
    }
    yield this.#data(entry, deflateRawSync(Buffer.alloc(0), { level }));
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    yield this.#count(descriptor);
  }

  #data(entry: Entry, deflated: Buffer): Buffer {
    entry.compressed = this.#within(entry.compressed + deflated.length, entry.name.toString("ascii"));
    return this.#count(deflated);
  }

  /** The central directory and its end record: the archive's last bytes. */
  end(): Buffer {
    const start = this.#within(this.#written, "the central directory's offset");
    const headers = this.#entries.map((entry) => this.#centralHeader(entry));
    const size = headers.reduce((sum, header) => sum + header.length, 0);
    this.#within(start + size, "the central directory's end");
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(this.#entries.length, 8);
    end.writeUInt16LE(this.#entries.length, 10);
    end.writeUInt32LE(size, 12);
    end.writeUInt32LE(start, 16);
    return this.#count(Buffer.concat([...headers, end]));
  }

  #begin(name: string, flags: number): Entry {
    // ASCII names need no UTF-8 flag, and every reader takes them alike.
    if (!/^[\x20-\x7e]+$/.test(name)) throw new Error(`A ZIP entry name must be printable ASCII: ${name}`);
    if (this.#entries.length >= MAX_ENTRIES) throw new ZipTooLargeError("the count of entries");
    const offset = this.#within(this.#written, `${name}'s offset`);
    const entry = { name: Buffer.from(name, "ascii"), flags, crc: 0, compressed: 0, size: 0, offset };
    this.#entries.push(entry);
    return entry;
  }

  #within(value: number, what: string): number {
    if (value > this.#limit) throw new ZipTooLargeError(what);
    return value;
  }

  #count(bytes: Buffer): Buffer {
    this.#written += bytes.length;
    return bytes;
  }

  #localHeader(entry: Entry): Buffer {
    const header = Buffer.alloc(30 + entry.name.length);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    // With SIZES_AFTER_DATA the CRC and sizes are zeros here and given in the data descriptor.
    this.#entryFields(header, 4, entry);
    entry.name.copy(header, 30);
    return header;
  }

  #centralHeader(entry: Entry): Buffer {
    const header = Buffer.alloc(46 + entry.name.length);
    header.writeUInt32LE(CENTRAL_HEADER, 0);
    // Made by: MS-DOS attributes (the upper byte 0), version 2.0.
    header.writeUInt16LE(VERSION, 4);
    this.#entryFields(header, 6, entry);
    header.writeUInt32LE(entry.offset, 42);
    entry.name.copy(header, 46);
    return header;
  }

  /**
   * The fields both headers hold in the same order, from "version needed" to the name's length:
   * at offset 4 in a local header, 6 in the central directory's.
   */
  #entryFields(header: Buffer, at: number, entry: Entry): void {
    header.writeUInt16LE(VERSION, at);
    header.writeUInt16LE(entry.flags, at + 2);
    header.writeUInt16LE(DEFLATE, at + 4);
    header.writeUInt16LE(this.#stamp.time, at + 6);
    header.writeUInt16LE(this.#stamp.date, at + 8);
    header.writeUInt32LE(entry.crc, at + 10);
    header.writeUInt32LE(entry.compressed, at + 14);
    header.writeUInt32LE(entry.size, at + 18);
    header.writeUInt16LE(entry.name.length, at + 22);
  }
}
