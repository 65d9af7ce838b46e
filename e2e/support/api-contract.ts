// Every /api answer a browser test's pages receive is held to the dashboard's contract
// (contract/dashboard/openapi.yaml): an undocumented status, header value or field fails the test
// that saw it. Specs import `test` and `expect` from here instead of @playwright/test.
import { test as base, expect, type Response } from "@playwright/test";
import { dashboardContract } from "../../contract/conformance/documents";
import { isDashboardApi } from "./documented-answer";

const isJson = (contentType: string | undefined) =>
  /^application\/([\w.-]+\+)?json\b/i.test(contentType ?? "");

/** Undefined when the answer matches the document, else why it does not. */
async function mismatch(response: Response): Promise<string | undefined> {
  let headers: Record<string, string>;
  try {
    headers = await response.allHeaders();
  } catch {
    // The page closed while the answer arrived (a spec closing a second tab): nothing to check, and
    // an unawaited rejection here would fail whatever the test was doing at that moment.
    return undefined;
  }
  let body = "";
  // Only JSON bodies have schemas; a CSV download or Prometheus text is checked by its type and
  // headers (reading a download's body here would race the page's own reading of it).
  if (isJson(headers["content-type"])) {
    try {
      body = await response.text();
    } catch {
      return undefined; // the page went away or cancelled the request: no answer was read
    }
  }
  try {
    dashboardContract.assertMatches({
      method: response.request().method(),
      url: response.url(),
      statusCode: response.status(),
      headers,
      body,
    });
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export const test = base.extend<{ dashboardApiContract: void }>({
  dashboardApiContract: [
    async ({ context }, use) => {
      const checks: Promise<string | undefined>[] = [];
      const onResponse = (response: Response) => {
        if (isDashboardApi(response.url())) checks.push(mismatch(response));
      };
      context.on("response", onResponse);
      await use();
      context.off("response", onResponse);
      const problems = (await Promise.all(checks)).filter((problem) => problem !== undefined);
      expect(problems, "/api answers that contract/dashboard/openapi.yaml does not describe").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
