// Opaque, tamper-evident cursors: the last position of a page plus a digest of the query it
// belongs to, signed with a key every instance shares (kept in the store).
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { invalidRequest } from "../http/api-error";
import type { TaskPosition } from "../repositories/task-page-sql";

const SIGNATURE_BYTES = 16;

export class CursorCodec {
  constructor(private readonly key: Buffer) {}

  encode(position: TaskPosition, binding: string): string {
    const payload = Buffer.from(
      JSON.stringify({ s: position.started_at, i: position.id, q: digest(binding) }),
    );
    return `${payload.toString("base64url")}.${this.sign(payload).toString("base64url")}`;
  }

  /** Throws invalid_request for a malformed, forged or foreign cursor. */
  decode(cursor: string, binding: string): TaskPosition {
    // Built only when thrown: an Error captures its stack when made, and most cursors are valid.
    const invalid = () => invalidRequest("The cursor is invalid or was issued for a different query.");
    const [payloadPart, signaturePart, ...rest] = cursor.split(".");
    if (!payloadPart || !signaturePart || rest.length > 0) throw invalid();
    const payload = Buffer.from(payloadPart, "base64url");
    const signature = Buffer.from(signaturePart, "base64url");
    // Node's decoder skips stray characters and spare bits; only the exact string issued counts.
    if (payload.toString("base64url") !== payloadPart || signature.toString("base64url") !== signaturePart) {
      throw invalid();
    }
    const expected = this.sign(payload);
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) throw invalid();
    const parsed = JSON.parse(payload.toString("utf8")) as { s?: unknown; i?: unknown; q?: unknown };
    if (typeof parsed.s !== "string" || typeof parsed.i !== "string" || parsed.q !== digest(binding))
      throw invalid();
    return { started_at: parsed.s, id: parsed.i };
  }

  private sign(payload: Buffer): Buffer {
    return createHmac("sha256", this.key).update(payload).digest().subarray(0, SIGNATURE_BYTES);
  }
}

function digest(binding: string): string {
  return createHash("sha256").update(binding).digest("base64url").slice(0, 22);
}
