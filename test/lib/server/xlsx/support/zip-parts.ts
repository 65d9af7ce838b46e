// A ZIP archive's entries as its central directory lists them, each inflated and its CRC-32 and
// sizes checked against that directory and against the entry's own headers: the test's own reading
// of APPNOTE, apart from the code that writes. And a strict check that a part is well-formed XML.
import { crc32, inflateRawSync } from "node:zlib";

export interface ZipPart {
  name: string;
  text: string;
  /** General purpose flags of the entry's local header. */
  flags: number;
}

export function zipParts(zip: Buffer): ZipPart[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 !== zip.length) throw new Error("no end of central directory at the end");
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  let at = zip.readUInt32LE(end + 16);
  if (at + directorySize !== end)
    throw new Error("the central directory does not end where its end record starts");
  const parts: ZipPart[] = [];
  for (let index = 0; index < count; index += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`no central header ${index}`);
    const flags = zip.readUInt16LE(at + 8);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.toString("ascii", at + 46, at + 46 + nameLength);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);

    if (zip.readUInt32LE(offset) !== 0x04034b50) throw new Error(`no local header for ${name}`);
    if (zip.readUInt16LE(offset + 6) !== flags) throw new Error(`${name}: local and central flags differ`);
    const localName = zip.toString("ascii", offset + 30, offset + 30 + zip.readUInt16LE(offset + 26));
    if (localName !== name) throw new Error(`${name}: its local header names ${localName}`);
    const dataStart = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const data = inflateRawSync(zip.subarray(dataStart, dataStart + compressed));
    if (data.length !== size || crc32(data) !== crc) throw new Error(`${name}: size or CRC-32 differ`);
    if (flags & 0x0008) {
      const descriptor = dataStart + compressed;
      const fields = [0, 4, 8, 12].map((field) => zip.readUInt32LE(descriptor + field));
      if (fields.join() !== [0x08074b50, crc, compressed, size].join())
        throw new Error(`${name}: its data descriptor differs from the central directory`);
    } else if (zip.readUInt32LE(offset + 14) !== crc || zip.readUInt32LE(offset + 18) !== compressed) {
      throw new Error(`${name}: its local header's CRC-32 or size differ`);
    }
    parts.push({ name, text: data.toString("utf8"), flags });
  }
  return parts;
}

/** Characters XML 1.0 allows (its production [2]), as UTF-16 units of a string. */
const XML_CHARACTERS = /^(?:[\t\n\r\u0020-\ud7ff\ue000-\ufffd]|[\ud800-\udbff][\udc00-\udfff])*$/;
const NAME = "[A-Za-z_][\\w.:-]*";
const ATTRIBUTE = `\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*')`;
const TAG = new RegExp(`^<(/?)(${NAME})((?:${ATTRIBUTE})*)\\s*(/?)>`);
const REFERENCE = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-fA-F]+);)/;

/** Throws unless the text is one well-formed XML element after an optional declaration. */
export function checkWellFormed(xml: string): void {
  if (!XML_CHARACTERS.test(xml)) throw new Error("a character XML 1.0 does not allow");
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, "");
  const open: string[] = [];
  let roots = 0;
  for (let at = 0; at < body.length;) {
    const next = body.indexOf("<", at);
    const text = body.slice(at, next < 0 ? body.length : next);
    if (REFERENCE.test(text) || text.includes(">")) throw new Error(`bad text: ${text.slice(0, 40)}`);
    if (open.length === 0 && text.trim() !== "") throw new Error("text outside the root element");
    if (next < 0) break;
    const tag = TAG.exec(body.slice(next));
    if (!tag) throw new Error(`bad tag at ${body.slice(next, next + 40)}`);
    const [whole, closing, name, attributes, selfClosing] = tag;
    if (REFERENCE.test(attributes ?? "")) throw new Error(`bad attribute in ${whole}`);
    if (closing) {
      if (open.pop() !== name) throw new Error(`</${name}> closes nothing open`);
    } else {
      if (open.length === 0) roots += 1;
      if (!selfClosing) open.push(name!);
    }
    at = next + whole.length;
  }
  if (open.length > 0 || roots !== 1) throw new Error("not one closed root element");
}
