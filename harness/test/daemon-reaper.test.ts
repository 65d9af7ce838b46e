// A test run's PostgreSQL and Redis are daemons, outside its process group: they must not outlive
// a run that is killed before it stops them (daemon-reaper.mjs).
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import pg from "pg";
import { expect, it, onTestFinished } from "vitest";
import { eventually } from "../eventually";
import { REPO_ROOT } from "../repo-root";

interface Held {
  postgres: { url: string; folder: string };
  redis: { port: number; folder: string };
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

function redisAnswers(port: number): boolean {
  try {
    const answer = execFileSync("redis-cli", ["-p", String(port), "ping"], { stdio: "pipe" });
    return answer.toString().trim() === "PONG";
  } catch {
    return false;
  }
}

it("a killed run's PostgreSQL and Redis are stopped and their folders removed", async () => {
  const holder = spawn(process.execPath, ["--import", "tsx", "harness/test/daemon-holder.ts"], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  // Should an expectation fail before the kill below, the holder (and with it its servers) goes anyway.
  onTestFinished(() => void holder.kill("SIGKILL"));
  const [line] = (await once(createInterface({ input: holder.stdout }), "line")) as [string];
  const held = JSON.parse(line) as Held;
  expect(await postgresAnswers(held.postgres.url)).toBe(true);
  expect(redisAnswers(held.redis.port)).toBe(true);

  // As a kill -9 or a crash ends it: no handler of its own runs.
  holder.kill("SIGKILL");

  await eventually(
    async () => !(await postgresAnswers(held.postgres.url)) && !redisAnswers(held.redis.port),
    15_000,
  );
  await eventually(async () => !existsSync(held.postgres.folder) && !existsSync(held.redis.folder), 15_000);
});
