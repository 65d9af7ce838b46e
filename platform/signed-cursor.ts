// Opaque, tamper-evident cursors: a payload's fields plus a digest of the query they belong to,
// signed with a key of the program's own. The service's pages and the dashboard's are cut by the
// same code; each program keeps its key, its binding and its payload's shape.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

const SIGNATURE_BYTES = 16;

export type CursorFields = Record<string, unknown>;

export class SignedCursorCodec {
  constructor(private readonly key: Buffer) {}

  /** `fields` (JSON-able, without `q`) as a cursor bound to `binding`. */
  encode(fields: CursorFields, binding: string): string {
    const payload = Buffer.from(JSON.stringify({ ...fields, q: digest(binding) }));
    return `${payload.toString("base64url")}.${this.sign(payload).toString("base64url")}`;
  }

  /** The fields of a cursor this key issued for `binding`; undefined for any other text. */
  decode(cursor: string, binding: string): CursorFields | undefined {
    const [payloadPart, signaturePart, ...rest] = cursor.split(".");
    if (!payloadPart || !signaturePart || rest.length > 0) return undefined;
    const payload = Buffer.from(payloadPart, "base64url");
    const signature = Buffer.from(signaturePart, "base64url");
    // Node's decoder skips stray characters and spare bits; only the exact string issued counts.
    if (payload.toString("base64url") !== payloadPart || signature.toString("base64url") !== signaturePart) {
      return undefined;
    }
    const expected = this.sign(payload);
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return undefined;
    const { q, ...fields } = JSON.parse(payload.toString("utf8")) as CursorFields;
    return q === digest(binding) ? fields : undefined;
  }

  private sign(payload: Buffer): Buffer {
    return createHmac("sha256", this.key).update(payload).digest().subarray(0, SIGNATURE_BYTES);
  }
}

function digest(binding: string): string {
  return createHash("sha256").update(binding).digest("base64url").slice(0, 22);
}
