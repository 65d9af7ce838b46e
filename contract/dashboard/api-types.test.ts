// The browser's types are generated from the dashboard's document; this keeps them in step.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { DASHBOARD_OPENAPI } from "../conformance/documents";
import { generatedTypes } from "../conformance/generated-types";

it("api-types.d.ts matches openapi.yaml (run npm run generate:dashboard-types)", async () => {
  const committed = readFileSync(path.join(import.meta.dirname, "api-types.d.ts"), "utf8");
  expect(committed).toBe(await generatedTypes(DASHBOARD_OPENAPI));
});
