// Real servers for the whole test run: one PostgreSQL and one Redis, shared by all test files
// (each file takes its own database or key prefix).
import type { TestProject } from "vitest/node";
import { startLocalPostgres } from "./support/local-postgres";
import { startLocalRedis } from "./support/local-redis";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
    redisUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const postgres = await startLocalPostgres();
  const redis = await startLocalRedis();
  project.provide("postgresUrl", postgres.url);
  project.provide("redisUrl", redis.url);
  return () => {
    redis.stop();
    postgres.stop();
  };
}
