import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { DashboardError } from "./dashboard-error";

// The dashboard's cursor: where the next row sits inside the upstream's 500-row pages (the
// upstream cursor that fetched that page, and an offset in it), signed and bound to the query.

export interface PagePosition {
  /** null: the first upstream page of the query. */
  upstreamCursor: string | null;
  offset: number;
}

export class DashboardCursorCodec {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash("sha256").update(`dashboard-cursor\0${secret}`).digest();
  }

  encode(position: PagePosition, binding: string): string {
    const payload = Buffer.from(
      JSON.stringify({ u: position.upstreamCursor, o: position.offset, q: digest(binding) }),
    );
    return `${payload.toString("base64url")}.${this.sign(payload)}`;
  }

  decode(cursor: string, binding: string): PagePosition {
    const invalid = new DashboardError(
      "invalid_request",
      "The cursor is invalid or belongs to other filters.",
    );
    const [payloadPart, signature, ...rest] = cursor.split(".");
    if (!payloadPart || !signature || rest.length > 0) throw invalid;
    const payload = Buffer.from(payloadPart, "base64url");
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid;
    const parsed = JSON.parse(payload.toString("utf8")) as { u: string | null; o: number; q: string };
    if (parsed.q !== digest(binding)) throw invalid;
    return { upstreamCursor: parsed.u, offset: parsed.o };
  }

  private sign(payload: Buffer): string {
    return createHmac("sha256", this.key).update(payload).digest("base64url").slice(0, 22);
  }
}

function digest(binding: string): string {
  return createHash("sha256").update(binding).digest("base64url").slice(0, 22);
}
