// A forged cookie is not a way to flood the log. Two dashboard instances sharing Redis, over HTTP.
import { expect, test } from "@playwright/test";
import { SESSION_COOKIE, startInstances, withCookie, type Instances } from "./support/dashboard-instances";

const LEAVER = { email: "leaver@company.example", password: "leaver-staff-password" };
const STAYER = { email: "stayer@company.example", password: "stayer-staff-password" };
const SIGNED_OUT = { status: 307, renewed: false };

let instances: Instances;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  instances = await startInstances([LEAVER, STAYER]);
});

test.afterAll(async () => {
  await instances?.stopAll();
});

interface LogLine {
  level: string;
  msg: string;
}

test("forged session cookies on pages make one warning a minute, not an error per request", async () => {
  const { a } = instances;
  const from = a.logLength();
  for (let i = 0; i < 5; i++) {
    expect(await withCookie(a.baseUrl, "/tasks", `${SESSION_COOKIE}=forged-${i}`)).toEqual(SIGNED_OUT);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  const text = a.logLinesSince(from);
  const lines = text.map((line) => JSON.parse(line) as LogLine);
  expect(lines.filter((line) => line.level === "error")).toEqual([]);
  expect(lines.filter((line) => line.level === "warn" && /session cookie/.test(line.msg))).toHaveLength(1);
  expect(text.join("\n")).not.toContain("forged-");
});
