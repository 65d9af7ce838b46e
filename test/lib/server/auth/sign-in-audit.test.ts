import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  FAILED_SIGN_INS_PER_MINUTE,
  FailedSignInRecorder,
  UNCOUNTED_ACTOR,
} from "@/lib/server/auth/sign-in-audit";

interface Left {
  actor: string;
  action: string;
  details: Record<string, unknown>;
}

describe("failed sign-ins in the audit trail", () => {
  let left: Left[];
  let recorder: FailedSignInRecorder;

  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse("2026-11-29T08:00:00Z") });
    left = [];
    recorder = new FailedSignInRecorder(
      async (actor, action, details) => {
        left.push({ actor, action, details });
      },
      (error) => {
        throw error;
      },
    );
  });
  afterEach(() => vi.useRealTimers());

  it("names what was typed only when it is an email, never a password typed there", async () => {
    await recorder.record("ann@company.example", "staff-password", "wrong_email_or_password");
    await recorder.record("my secret passphrase", "staff-password", "wrong_email_or_password");
    await recorder.record("", "company-sso", "no_verified_email");
    expect(left).toEqual([
      {
        actor: "ann@company.example",
        action: "sign_in_failed",
        details: { provider: "staff-password", reason: "wrong_email_or_password" },
      },
      {
        actor: "(not an email)",
        action: "sign_in_failed",
        details: { provider: "staff-password", reason: "wrong_email_or_password" },
      },
      {
        actor: "(not an email)",
        action: "sign_in_failed",
        details: { provider: "company-sso", reason: "no_verified_email" },
      },
    ]);
  });

  it("names no email longer than a member's may be: the record stays bounded", async () => {
    const longest = `${"a".repeat(320 - "@company.example".length)}@company.example`;
    await recorder.record(longest, "staff-password", "wrong_email_or_password");
    await recorder.record(`a${longest}`, "staff-password", "wrong_email_or_password");
    await recorder.record(`${"b".repeat(1_000_000)}@company.example`, "company-sso", "no_access");
    expect(left.map((record) => record.actor)).toEqual([longest, "(not an email)", "(not an email)"]);
  });

  it("records a minute's first failures one by one, counts the rest, and says how many when the minute ends", async () => {
    for (let n = 0; n < FAILED_SIGN_INS_PER_MINUTE + 25; n++)
      await recorder.record(`guess${n}@company.example`, "staff-password", "wrong_email_or_password");
    expect(left).toHaveLength(FAILED_SIGN_INS_PER_MINUTE);

    await vi.advanceTimersByTimeAsync(59_999);
    expect(left).toHaveLength(FAILED_SIGN_INS_PER_MINUTE);
    await vi.advanceTimersByTimeAsync(1);
    expect(left.at(-1)).toEqual({
      actor: UNCOUNTED_ACTOR,
      action: "sign_in_failed",
      details: { reason: "many_failures", count: 25 },
    });

    // A new minute records one by one again, and a quiet minute leaves no count.
    await recorder.record("late@company.example", "staff-password", "too_many_attempts");
    expect(left.at(-1)?.actor).toBe("late@company.example");
    await vi.advanceTimersByTimeAsync(120_000);
    expect(left).toHaveLength(FAILED_SIGN_INS_PER_MINUTE + 2);
  });

  it("reports a record it cannot leave and goes on: the sign-in was refused anyway", async () => {
    const reported: unknown[] = [];
    const failing = new FailedSignInRecorder(
      () => Promise.reject(new Error("disk full")),
      (error) => reported.push(error),
    );
    await failing.record("ann@company.example", "staff-password", "wrong_email_or_password");
    expect(reported).toEqual([new Error("disk full")]);
  });
});
