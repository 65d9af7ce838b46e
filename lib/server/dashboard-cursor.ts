import "server-only";
import { createHash } from "node:crypto";
import { SignedCursorCodec } from "@/platform/signed-cursor";
import { DashboardError } from "./dashboard-error";

// The dashboard's cursor: where the next row sits inside the upstream's 500-row pages (the
// upstream cursor that fetched that page, and an offset in it), signed and bound to the query.
// The task mirror signs its keysets with it too, so it sits below both the API and the mirror.

export interface PagePosition {
  /** null: the first upstream page of the query. */
  upstreamCursor: string | null;
  offset: number;
}

export class DashboardCursorCodec {
  private readonly signed: SignedCursorCodec;

  constructor(secret: string) {
    // A key of its own, derived from the session secret, so a cursor is never valid as anything else.
    this.signed = new SignedCursorCodec(createHash("sha256").update(`dashboard-cursor\0${secret}`).digest());
  }

  encode(position: PagePosition, binding: string): string {
    return this.signed.encode({ u: position.upstreamCursor, o: position.offset }, binding);
  }

  decode(cursor: string, binding: string): PagePosition {
    const { u, o } = this.signed.decode(cursor, binding) ?? {};
    if ((typeof u === "string" || u === null) && typeof o === "number" && Number.isInteger(o) && o >= 0) {
      return { upstreamCursor: u, offset: o };
    }
    throw new DashboardError("invalid_request", "The cursor is invalid or belongs to other filters.");
  }
}
