// The dashboard checks GET /api/tasks's parameters before it spends any of the shared budget, so it
// must refuse exactly what the service refuses: a query it lets through that the service then
// refuses costs a call and shows staff an error they could have had at once; a query it refuses
// that the service takes hides data. Each raw query string below goes both to the route's own
// parser and to the real service's GET /v1/tasks, and the two verdicts must agree.
import { beforeAll, describe, expect, it } from "vitest";
import { DashboardError } from "@/lib/server/dashboard-error";
import { parseTaskListParams } from "@/lib/server/bff/task-list-params";
import { clientToken } from "@/harness/sandbox-clients";
import { CLIENTS } from "./support/harness";
import { bffSuite } from "./support/bff-suite";
import { FULL_ACCESS } from "@/lib/server/staff";

const FROM = "2026-11-01T00:00:00Z";
const TO = "2026-11-08T00:00:00Z";
const WINDOW = `from=${FROM}&to=${TO}`;

/** Raw query strings, exactly as a browser would send them (no re-encoding on the way). */
const QUERIES = [
  WINDOW,
  // Instants: the contract's grammar (contract/query/instant-text.ts), both ways.
  `from=2026-11-01T00:00Z&to=${TO}`,
  `from=2026-11-01T00:00:00%2B0530&to=${TO}`,
  `from=2026-11-01T00:00:00%2B05:30&to=${TO}`,
  `from=2026-11-01T00:00:00+05:30&to=${TO}`,
  `from=2026-11-01T00:00:00z&to=${TO}`,
  `from=2026-11-01t00:00:00Z&to=${TO}`,
  `from=2026-11-01T00:00:00,5Z&to=${TO}`,
  `from=2026-11-01T00:00:00.123456789Z&to=${TO}`,
  `from=2026-11-01T00:00:00&to=${TO}`,
  `from=2026-11-01&to=${TO}`,
  `from=2026-02-30T00:00:00Z&to=${TO}`,
  `from=2026-11-01T24:00:00Z&to=${TO}`,
  `from=2026-11-01T00:00:60Z&to=${TO}`,
  `from=2026-11-01T00:00:00%2B24:00&to=${TO}`,
  "from=0000-01-01T00:00:00Z&to=0000-01-02T00:00:00Z",
  "from=0001-01-01T00:00:00%2B01:00&to=0001-01-02T00:00:00Z",
  "from=9999-12-31T20:00:00Z&to=9999-12-31T20:00:00-05:00",
  `from=${TO}&to=${FROM}`,
  `from=${FROM}&to=${FROM}`,
  `from=${FROM}&to=2027-02-01T00:00:00Z`,
  `to=${TO}`,
  `from=&to=${TO}`,
  // Filters, order and limit.
  `${WINDOW}&location_id=loc_lax_airport`,
  `${WINDOW}&location_id=`,
  `${WINDOW}&mva=12345678`,
  `${WINDOW}&mva=a%20b`,
  `${WINDOW}&vehicle_id=${"v".repeat(128)}`,
  `${WINDOW}&vehicle_id=${"v".repeat(129)}`,
  `${WINDOW}&task_type=oil_change`,
  `${WINDOW}&task_type=not_a_type_yet`,
  `${WINDOW}&task_type=`,
  `${WINDOW}&task_type=%01`,
  `${WINDOW}&order=desc`,
  `${WINDOW}&order=DESC`,
  `${WINDOW}&limit=1`,
  `${WINDOW}&limit=500`,
  `${WINDOW}&limit=501`,
  `${WINDOW}&limit=0`,
  `${WINDOW}&limit=-1`,
  `${WINDOW}&limit=1e2`,
  `${WINDOW}&limit=`,
  // The query string itself.
  `${WINDOW}&task_type=%FF`,
  `${WINDOW}&mva=%C3`,
  `${WINDOW}&mva=%zz`,
  `${WINDOW}&%FF=1`,
  `${WINDOW}&order=asc&order=asc`,
  `${WINDOW}&unknown=1`,
  `${WINDOW}&`,
  `${WINDOW}&cursor=`,
];

const suite = bffSuite({ VTS_RATE_LIMIT_PER_MIN: "100000" });
let token: string;

beforeAll(async () => {
  token = await clientToken(suite.vts.url, CLIENTS.tasks);
});

function dashboardVerdict(query: string): string {
  try {
    parseTaskListParams(new URL(`http://dashboard.test/api/tasks?${query}`), 92, FULL_ACCESS);
    return "accepted";
  } catch (error) {
    if (error instanceof DashboardError && error.code === "invalid_request") return "refused";
    throw error;
  }
}

async function serviceVerdict(query: string): Promise<string> {
  const response = await fetch(`${suite.vts.url}/v1/tasks?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await response.body?.cancel();
  if (response.status === 200) return "accepted";
  if (response.status === 400) return "refused";
  throw new Error(`/v1/tasks?${query} answered ${response.status}`);
}

describe("GET /api/tasks's parameters, against the service's own verdicts", () => {
  it.each(QUERIES)("%s", async (query) => {
    expect(dashboardVerdict(query)).toBe(await serviceVerdict(query));
  });

  it("cover both verdicts", async () => {
    const verdicts = await Promise.all(QUERIES.map(serviceVerdict));
    expect(verdicts.filter((verdict) => verdict === "accepted").length).toBeGreaterThan(15);
    expect(verdicts.filter((verdict) => verdict === "refused").length).toBeGreaterThan(15);
  });
});
