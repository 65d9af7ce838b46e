// Password guessing against two dashboard instances sharing Redis, over HTTP as a script would
// send it: a parallel burst checks no more passwords than the limit, and X-Forwarded-For counts
// only where a trusted proxy wrote it. Instance a trusts no proxy (the default); b trusts one hop.
import { expect, test } from "./support/api-contract";
import { csrf, passwordSignIn, startInstances, type Instances } from "./support/dashboard-instances";

/** sign-in-throttle.ts's FAILURES_PER_ACCOUNT and FAILURES_PER_ADDRESS (a server-only module). */
const FAILURES_PER_ACCOUNT = 5;
const FAILURES_PER_ADDRESS = 20;

const TARGET = { email: "target@company.example", password: "target-staff-password" };
const VICTIM = { email: "victim@company.example", password: "victim-staff-password" };
const BEHIND_PROXY = { email: "proxied@company.example", password: "proxied-staff-password" };

let instances: Instances;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  instances = await startInstances([TARGET, VICTIM, BEHIND_PROXY], { DASHBOARD_TRUST_PROXY: "1" });
});

test.afterAll(async () => {
  await instances?.stopAll();
});

test("100 parallel guesses over two instances get no more passwords checked than the limit", async () => {
  test.setTimeout(120_000);
  const { a, b } = instances;
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
});

test("without a trusted proxy, a made-up X-Forwarded-For cannot lock another address out", async () => {
  test.setTimeout(120_000);
  const { a } = instances;
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
});

test("behind one trusted proxy, the address it saw is counted, whatever the client put before it", async () => {
  test.setTimeout(120_000);
  const { b } = instances;
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
});
