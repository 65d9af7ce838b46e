// Real servers for the whole test run: one PostgreSQL and one Redis, shared by all test files
// (each file takes its own database or key prefix), and the saved PGlite cluster fresh stores
// start from.
import type { TestProject } from "vitest/node";
import { startLocalPostgres, type LocalPostgres } from "../../harness/local-postgres";
import { startLocalRedis, type LocalRedis } from "../../harness/local-redis";
import { providePgliteTemplate } from "../../harness/pglite-template";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
    redisUrl: string;
  }
}

interface Servers {
  postgres: LocalPostgres;
  redis: LocalRedis;
  removeTemplate: () => void;
}

interface SharedServers {
  started: Promise<Servers>;
  projects: number;
}

// Every vitest project that needs servers (integration, process) runs this setup, each in its own
// module scope but all in the one main process: the servers hang off globalThis so that a whole
// run starts one pair, and the last project to finish stops them.
const SHARED = Symbol.for("vts.test-servers");
const registry = globalThis as { [SHARED]?: SharedServers };

async function startServers(): Promise<Servers> {
  // Set before any worker starts, so every file and child process inherits it.
  const removeTemplate = await providePgliteTemplate();
  let postgres: LocalPostgres | undefined;
  try {
    postgres = await startLocalPostgres();
    return { postgres, redis: await startLocalRedis(), removeTemplate };
  } catch (error) {
    postgres?.stop();
    removeTemplate();
    throw error;
  }
}

export default async function setup(project: TestProject) {
  const shared = (registry[SHARED] ??= { started: startServers(), projects: 0 });
  shared.projects += 1;
  const { postgres, redis, removeTemplate } = await shared.started;
  project.provide("postgresUrl", postgres.url);
  project.provide("redisUrl", redis.url);
  return () => {
    shared.projects -= 1;
    if (shared.projects > 0) return;
    delete registry[SHARED];
    redis.stop();
    postgres.stop();
    removeTemplate();
  };
}
