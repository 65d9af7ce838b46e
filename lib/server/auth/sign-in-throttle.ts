import "server-only";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

// Password guessing is slowed per account and per address: 5 failures in 15 minutes blocks
// further attempts for the rest of that window. Successful sign-ins do not count.

const FAILURES = 5;
const WINDOW_SECONDS = 15 * 60;

const byAccount = new RateLimiterMemory({
  keyPrefix: "signin-account",
  points: FAILURES,
  duration: WINDOW_SECONDS,
});
const byAddress = new RateLimiterMemory({
  keyPrefix: "signin-address",
  points: FAILURES * 4,
  duration: WINDOW_SECONDS,
});

export async function isSignInBlocked(account: string, address: string): Promise<boolean> {
  const [accountState, addressState] = await Promise.all([byAccount.get(account), byAddress.get(address)]);
  return (
    (accountState?.consumedPoints ?? 0) >= FAILURES || (addressState?.consumedPoints ?? 0) >= FAILURES * 4
  );
}

export async function recordSignInFailure(account: string, address: string): Promise<void> {
  await Promise.all(
    [byAccount.consume(account), byAddress.consume(address)].map((attempt) =>
      attempt.catch((rejection: unknown) => {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
      }),
    ),
  );
}
