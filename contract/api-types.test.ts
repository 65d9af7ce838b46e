// Both programs' types are generated from their documents; this keeps each in step with its own.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { DASHBOARD_OPENAPI, SERVICE_OPENAPI } from "./conformance/documents";
import { generatedTypes } from "./conformance/generated-types";

it.each([
  ["service", SERVICE_OPENAPI, "npm run generate:service-types"],
  ["dashboard", DASHBOARD_OPENAPI, "npm run generate:dashboard-types"],
])("contract/%s/api-types.d.ts matches its openapi.yaml (%s)", async (_name, document) => {
  const committed = readFileSync(path.join(path.dirname(document), "api-types.d.ts"), "utf8");
  expect(committed).toBe(await generatedTypes(document));
});
