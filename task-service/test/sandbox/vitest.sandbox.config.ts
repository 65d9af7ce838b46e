import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["task-service/test/sandbox/**/*.test.ts"],
    testTimeout: 60_000,
  },
});
