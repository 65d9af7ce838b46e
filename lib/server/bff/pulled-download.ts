import "server-only";
import { dashboardLogger } from "../log";

/**
 * A download made chunk by chunk by `chunksOf`, pulled only as fast as the client reads (up to
 * `unreadBytes` ahead, when given), so a slow download buffers nothing more. Cancelling it (the
 * client gone) aborts the chunk being made; the generator then finishes, so it holds nothing, and a
 * failure while it winds down has no one to go to but the debug log. After the first byte an
 * answer cannot change its status: a failure later ends the download short instead.
 */
export function pulledDownload(
  what: string,
  chunksOf: (signal: AbortSignal) => AsyncGenerator<Uint8Array, void, undefined>,
  unreadBytes?: number,
): ReadableStream<Uint8Array> {
  const controller = new AbortController();
  const chunks = chunksOf(controller.signal);
  return new ReadableStream<Uint8Array>(
    {
      async pull(stream) {
        const next = await chunks.next();
        if (next.done) stream.close();
        else stream.enqueue(next.value);
      },
      cancel(reason) {
        controller.abort(reason);
        chunks
          .return(undefined)
          .catch((error: unknown) =>
            dashboardLogger().debug({ err: error }, `${what} cancelled; its end failed`),
          );
      },
    },
    unreadBytes === undefined ? undefined : new ByteLengthQueuingStrategy({ highWaterMark: unreadBytes }),
  );
}
