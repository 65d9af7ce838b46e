// The set-up a BFF test file shares: the service started before its tests and disposed after
// them, the backends it made closed, and (when asked) a clock it can move forward.
import { afterAll, beforeAll } from "vitest";
import type { DashboardBackend } from "@/lib/server/bff/dashboard-backend";
import {
  closeBackend,
  installShiftableClock,
  makeBackend,
  startVts,
  type BackendOptions,
  type Vts,
} from "./harness";

export interface BffSuite {
  /** The file's service, once beforeAll has started it. */
  readonly vts: Vts;
  /** A backend as the app builds one (on the file's service unless `baseUrl`), closed after the file. */
  backend(baseUrl?: string, options?: BackendOptions): Promise<DashboardBackend>;
  /** Moves Date.now forward (cache ages, budget windows, token lifetimes); needs `shiftableClock`. */
  advanceClock(ms: number): void;
}

export interface SuiteOptions {
  /** Installed before the service and any backend: FreshnessCache keeps the Date.now it was given. */
  shiftableClock?: boolean;
  startTimeoutMs?: number;
}

export function bffSuite(env: Record<string, string> = {}, options: SuiteOptions = {}): BffSuite {
  let vts: Vts | undefined;
  let clock: ReturnType<typeof installShiftableClock> | undefined;
  const backends: DashboardBackend[] = [];

  beforeAll(async () => {
    if (options.shiftableClock) clock = installShiftableClock();
    vts = await startVts(env);
  }, options.startTimeoutMs ?? 90_000);

  afterAll(async () => {
    clock?.restore();
    await Promise.all(backends.splice(0).map(closeBackend));
    await vts?.dispose();
  });

  return {
    get vts() {
      if (!vts) throw new Error("the service is started in beforeAll");
      return vts;
    },
    async backend(baseUrl, backendOptions) {
      const backend = await makeBackend(baseUrl ?? this.vts.url, backendOptions);
      backends.push(backend);
      return backend;
    },
    advanceClock(ms) {
      if (!clock) throw new Error("bffSuite(..., { shiftableClock: true }) installs the clock");
      clock.advance(ms);
    },
  };
}
