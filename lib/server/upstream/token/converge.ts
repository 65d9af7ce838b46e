import "server-only";
import type { AcquireDeps, LocalToken } from "./acquire";

// Instances that could not share a token (Redis was down while they started) each hold their own.
// Once the store answers again they must end up on one: each offers its token to the store, the
// first offer wins, and the others adopt the winner. Run now and then while a token serves; when
// all instances already hold the stored token this is one read that changes nothing.

/** The stored token this instance should use instead of `current`, or undefined to keep it. */
export async function storedTokenToAdopt(
  deps: AcquireDeps,
  current: LocalToken,
  refused: string | undefined,
): Promise<LocalToken | undefined> {
  // Counting from before the call errs on the early side, as every read of the store does.
  const before = deps.clock.now();
  const stored = await deps.store.offer(deps.key, {
    accessToken: current.accessToken,
    expiresInMs: current.expiresAt - before,
  });
  // A token the service has refused is no one's to adopt, even if another instance stored it.
  if (!stored || stored.accessToken === current.accessToken || stored.accessToken === refused)
    return undefined;
  const adopted = deps.toLocal(stored.accessToken, before + stored.expiresInMs, undefined);
  return deps.clock.now() < adopted.staleAt ? adopted : undefined;
}
