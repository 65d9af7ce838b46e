import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["task-service/test/**/*.test.ts"],
    globalSetup: ["task-service/test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
