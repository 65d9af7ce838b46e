// The service's page cursors: the last position of a page, bound to the query it belongs to and
// signed with a key every instance shares (kept in the store). A task list's cursor holds a
// (started_at, id) position; the change feed's a (change_xid, id) one, under a binding no task
// list has, so neither is taken for the other.
import { randomBytes } from "node:crypto";
import { SignedCursorCodec } from "../../../platform/signed-cursor";
import { invalidRequest } from "../http/api-error";
import type { ChangePosition } from "../repositories/task-changes-sql";
import type { TaskPosition } from "../repositories/task-page-sql";

const CHANGE_FEED_BINDING = "task-changes";
const INVALID = "The cursor is invalid or was issued for a different query.";

/** The store's setting that holds the key every instance signs cursors with. */
export const CURSOR_KEY_SETTING = "cursor_hmac_key";

export function newCursorKey(): string {
  return randomBytes(32).toString("base64url");
}

export class CursorCodec {
  private readonly signed: SignedCursorCodec;

  constructor(key: Buffer) {
    this.signed = new SignedCursorCodec(key);
  }

  encode(position: TaskPosition, binding: string): string {
    return this.signed.encode({ s: position.started_at, i: position.id }, binding);
  }

  /** Throws invalid_request for a malformed, forged or foreign cursor. */
  decode(cursor: string, binding: string): TaskPosition {
    const fields = this.signed.decode(cursor, binding);
    if (typeof fields?.s !== "string" || typeof fields.i !== "string") {
      throw invalidRequest(INVALID);
    }
    return { started_at: fields.s, id: fields.i };
  }

  encodeChange(position: ChangePosition): string {
    return this.signed.encode({ x: position.xid, i: position.id }, CHANGE_FEED_BINDING);
  }

  /** Throws invalid_request for a malformed or forged cursor, or a task list's. */
  decodeChange(cursor: string): ChangePosition {
    const fields = this.signed.decode(cursor, CHANGE_FEED_BINDING);
    if (typeof fields?.x !== "string" || !/^\d{1,20}$/.test(fields.x) || typeof fields.i !== "string") {
      throw invalidRequest(INVALID);
    }
    return { xid: fields.x, id: fields.i };
  }
}
