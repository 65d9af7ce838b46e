// Password guessing against two built dashboards sharing Redis, over HTTP as a script would send
// it: a parallel burst checks no more passwords than the limit, and X-Forwarded-For counts only
// where a trusted proxy wrote it. Instance a trusts no proxy (the default); b trusts one hop.
// (sign-in-throttle.test.ts holds the throttle's own rules, without the HTTP server in front.)
import { expect, it } from "vitest";
import { csrf, passwordSignIn } from "@/e2e/support/dashboard-instances";
import { twoDashboards } from "./support/two-dashboards";

/** sign-in-throttle.ts's FAILURES_PER_ACCOUNT and FAILURES_PER_ADDRESS, as a script meets them. */
const FAILURES_PER_ACCOUNT = 5;
const FAILURES_PER_ADDRESS = 20;

const TARGET = { email: "target@company.example", password: "target-staff-password" };
const VICTIM = { email: "victim@company.example", password: "victim-staff-password" };
const BEHIND_PROXY = { email: "proxied@company.example", password: "proxied-staff-password" };

const instances = twoDashboards(
  [TARGET, VICTIM, BEHIND_PROXY],
  { DASHBOARD_TRUST_PROXY: "1" },
  // An instance opens its Redis connection at its first sign-in and counts in memory until it is
  // ready: one sign-in each first, as on instances that have served people already, so the burst
  // below meets the shared count (on a busy machine a cold connection took longer than the burst).
  async (running) => {
    for (const instance of [running.a, running.b]) {
      const { session } = await passwordSignIn(instance.baseUrl, VICTIM);
      expect(session).toBeDefined();
    }
  },
);

it("100 parallel guesses over two instances get no more passwords checked than the limit", async () => {
  const { a, b } = instances();
  const token = await csrf(a.baseUrl);
  const answers = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      passwordSignIn(
        (i % 2 ? a : b).baseUrl,
        { email: TARGET.email, password: `wrong-guess-${i}` },
        { csrf: token, forwardedFor: `198.51.100.${i + 1}` },
      ),
    ),
  );
  const checked = answers.filter((answer) => answer.refusal !== "too_many_attempts");
  expect(checked.length, JSON.stringify(checked)).toBeLessThanOrEqual(FAILURES_PER_ACCOUNT);
  expect(checked.every((answer) => answer.refusal === "credentials")).toBe(true);
  // The account stays blocked for the window, for the right password too.
  const right = await passwordSignIn(a.baseUrl, TARGET, { forwardedFor: "198.51.100.200" });
  expect(right.refusal).toBe("too_many_attempts");
}, 120_000);

it("without a trusted proxy, a made-up X-Forwarded-For cannot lock another address out", async () => {
  const { a } = instances();
  for (let i = 0; i < FAILURES_PER_ADDRESS; i++) {
    const answer = await passwordSignIn(
      a.baseUrl,
      { email: `nobody-${i}@company.example`, password: "wrong-password" },
      { forwardedFor: "203.0.113.7" },
    );
    expect(answer.refusal).toBe("credentials");
  }
  const victim = await passwordSignIn(a.baseUrl, VICTIM, { forwardedFor: "203.0.113.7" });
  expect(victim.session).toBeDefined();
}, 120_000);

it("behind one trusted proxy, the address it saw is counted, whatever the client put before it", async () => {
  const { b } = instances();
  for (let i = 0; i < FAILURES_PER_ADDRESS; i++) {
    // The client makes up the first entry; the proxy appends the address it saw.
    const answer = await passwordSignIn(
      b.baseUrl,
      { email: `someone-${i}@company.example`, password: "wrong-password" },
      { forwardedFor: `10.9.${i}.1, 192.0.2.44` },
    );
    expect(answer.refusal).toBe("credentials");
  }
  const blocked = await passwordSignIn(b.baseUrl, BEHIND_PROXY, { forwardedFor: "10.9.99.1, 192.0.2.44" });
  expect(blocked.refusal).toBe("too_many_attempts");
  // Another address the proxy saw is not affected, whatever the client wrote.
  const other = await passwordSignIn(b.baseUrl, BEHIND_PROXY, { forwardedFor: "192.0.2.44, 192.0.2.45" });
  expect(other.session).toBeDefined();
}, 120_000);
