import "server-only";
import { dashboardEnv } from "../env";
import { dashboardLogger } from "../log";
import { isStaffEmail, leaveStaffAuditRecord } from "../staff";

// Sign-ins, failed sign-ins and sign-outs in the audit trail. The sign-in flow never waits on the
// trail's database: an embedded one takes seconds to open, on the thread that answers the sign-in.
// Each record is left beside the staff file instead, as the staff command line leaves its own, and
// the trail takes them in before it is shown or exported.
//
// A sign-in whose record cannot be left is refused, so the trail never misses one. A sign-out has
// ended the session by the time its record is left, and a failed sign-in was refused anyway: a
// record of either that cannot be left is logged as an error instead.

type LeaveRecord = (actor: string, action: string, details: Record<string, unknown>) => Promise<void>;

const leaveRecord: LeaveRecord = (actor, action, details) =>
  leaveStaffAuditRecord(dashboardEnv().STAFF_FILE, actor, action, details);

/** Records a sign-in about to be let through; throws when the record cannot be left. */
export async function recordSignIn(email: string, provider: string): Promise<void> {
  await leaveRecord(email, "sign_in", { provider });
}

export async function recordSignOut(email: string): Promise<void> {
  try {
    await leaveRecord(email, "sign_out", {});
  } catch (error) {
    dashboardLogger().error({ err: error, staff: email }, "a sign-out was not recorded in the audit trail");
  }
}

export type SignInFailure =
  | "wrong_email_or_password"
  | "too_many_attempts"
  | "no_verified_email"
  | "no_access";

/** Failed sign-ins recorded one by one in a minute by one dashboard; past that, only counted. */
export const FAILED_SIGN_INS_PER_MINUTE = 60;
const MINUTE_MS = 60_000;
/** The actor of the record that counts the failed sign-ins of a minute not recorded one by one. */
export const UNCOUNTED_ACTOR = "(too many to record one by one)";

/**
 * Anyone can fail to sign in as often as they like, with a new email each time, so a record per
 * failure would let a stranger fill the staff file's folder. Past FAILED_SIGN_INS_PER_MINUTE in a
 * minute the failures are counted, and one record says how many when the minute ends.
 */
export class FailedSignInRecorder {
  private minuteEndsAt = 0;
  private recorded = 0;
  private counted = 0;

  constructor(
    private readonly leave: LeaveRecord,
    private readonly reportUnrecorded: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  async record(claimed: string, provider: string, reason: SignInFailure): Promise<void> {
    const now = this.now();
    if (now >= this.minuteEndsAt) {
      this.minuteEndsAt = now + MINUTE_MS;
      this.recorded = 0;
    }
    if (this.recorded >= FAILED_SIGN_INS_PER_MINUTE) {
      if (this.counted++ === 0) setTimeout(() => void this.leaveCount(), this.minuteEndsAt - now).unref();
      return;
    }
    this.recorded += 1;
    // Someone may type their password into the email field, or a megabyte: the record names what
    // was typed only when it could be a member's email, which also bounds its length.
    const actor = isStaffEmail(claimed) ? claimed : "(not an email)";
    await this.leaveLogged(actor, { provider, reason });
  }

  private async leaveCount(): Promise<void> {
    const count = this.counted;
    this.counted = 0;
    await this.leaveLogged(UNCOUNTED_ACTOR, { reason: "many_failures", count });
  }

  private async leaveLogged(actor: string, details: Record<string, unknown>): Promise<void> {
    try {
      await this.leave(actor, "sign_in_failed", details);
    } catch (error) {
      this.reportUnrecorded(error);
    }
  }
}

// One count per process, whichever of the server's bundles signs someone in.
const holder = globalThis as typeof globalThis & { __failedSignIns?: FailedSignInRecorder };

export function recordFailedSignIn(claimed: string, provider: string, reason: SignInFailure): Promise<void> {
  holder.__failedSignIns ??= new FailedSignInRecorder(leaveRecord, (error) =>
    dashboardLogger().error({ err: error }, "a failed sign-in was not recorded in the audit trail"),
  );
  return holder.__failedSignIns.record(claimed, provider, reason);
}
