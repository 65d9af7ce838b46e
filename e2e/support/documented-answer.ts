// The dashboard's contract (contract/dashboard/openapi.yaml) for an answer a test fetched itself,
// over plain HTTP rather than through a page: free of Playwright, so vitest files use it too.
import { dashboardContract } from "../../contract/conformance/documents";
import type { ObservedResponse } from "../../contract/conformance/openapi-conformance";
import { pathArea } from "../../lib/api-path";

/** Auth.js's own /api/auth/ answers in its shapes and is not part of the dashboard's document. */
export const isDashboardApi = (url: string) => pathArea(url) === "data-api";

/** Throws when the document does not describe the answer. */
export function expectDocumentedAnswer(answer: ObservedResponse): void {
  if (isDashboardApi(new URL(answer.url, "http://dashboard.invalid").pathname))
    dashboardContract.assertMatches(answer);
}
