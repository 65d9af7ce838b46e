// Starts a PostgreSQL and a Redis as a test run does, prints where each listens and keeps its
// files, then waits, never stopping them: the reaper test kills this process.
import { execFileSync } from "node:child_process";
import { dirname } from "node:path";
import pg from "pg";
import { startLocalPostgres } from "../local-postgres";
import { startLocalRedis } from "../local-redis";

const postgres = await startLocalPostgres();
const redis = await startLocalRedis();

const client = new pg.Client({ connectionString: postgres.url });
await client.connect();
const { rows } = await client.query<{ data_directory: string }>("SHOW data_directory");
await client.end();
const redisDir = execFileSync("redis-cli", ["-p", String(redis.port), "config", "get", "dir"])
  .toString()
  .split("\n")[1]!
  .trim();

console.log(
  JSON.stringify({
    postgres: { url: postgres.url, folder: dirname(rows[0]!.data_directory) },
    redis: { port: redis.port, folder: redisDir },
  }),
);
setInterval(() => {}, 60_000);
