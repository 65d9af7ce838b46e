// The sandbox answers a page in milliseconds, so an export is over before anyone could see its
// progress. This re-times the browser's reading of /api/export: the server's bytes, unchanged, in
// small pieces with pauses, and one long pause like an export queued for the upstream budget.
import type { Page } from "@playwright/test";

export interface ExportPacing {
  pieceBytes: number;
  pauseMs: number;
  /** After this many pieces, a pause of stallMs: no rows, as while waiting for the budget. */
  stallAfterPiece: number;
  stallMs: number;
}

/** Applies from the page's next navigation on. */
export async function paceExportStream(page: Page, pacing: ExportPacing): Promise<void> {
  await page.addInitScript((options: ExportPacing) => {
    const original = window.fetch.bind(window);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    window.fetch = async (input, init) => {
      const response = await original(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (!url.includes("/api/export") || !response.body) return response;
      const reader = response.body.getReader();
      let pieces = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = await reader.read();
          if (next.done) return controller.close();
          for (let offset = 0; offset < next.value.length; offset += options.pieceBytes) {
            controller.enqueue(next.value.subarray(offset, offset + options.pieceBytes));
            pieces += 1;
            await sleep(pieces === options.stallAfterPiece ? options.stallMs : options.pauseMs);
          }
        },
        cancel: (reason) => reader.cancel(reason),
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };
  }, pacing);
}
