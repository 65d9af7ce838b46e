// The service's page cursors: the last position of a page, bound to the query it belongs to and
// signed with a key every instance shares (kept in the store).
import { SignedCursorCodec } from "../../../platform/signed-cursor";
import { invalidRequest } from "../http/api-error";
import type { TaskPosition } from "../repositories/task-page-sql";

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
      throw invalidRequest("The cursor is invalid or was issued for a different query.");
    }
    return { started_at: fields.s, id: fields.i };
  }
}
