import "server-only";
import { dehydrate, QueryClient, type DehydratedState } from "@tanstack/react-query";
import type { DuePage, Location, ProgramList } from "@/lib/client/api-types";
import { dueQuery, programsQuery } from "@/lib/client/maintenance-queries";
import { locationsQuery, PAGE_SIZE } from "@/lib/client/task-queries";
import {
  answerDue,
  answerPrograms,
  dashboardBackend,
  firstReadSession,
  internalUrl,
  mirroredLocations,
  readWithin,
  refusedLocations,
} from "@/lib/server/bff";
import { dueApiParams, readDueView } from "./components/due-params";

// The due list's first page, its programs and the locations, read while the server renders /due,
// so the counts and rows are in the HTML and the browser's query cache starts with them. The reads
// are the API's own (answerPrograms, answerDue), from the mirror only. A view "due within N days"
// is left to the browser: its instant is the browser's clock when the page opened.

/** A held evaluation answers in milliseconds; a new one takes half a second at 50,000 tasks. */
const DEADLINE_MS = 800;

export async function firstDuePage(search: URLSearchParams): Promise<DehydratedState | undefined> {
  const view = readDueView(search);
  if (view.within) return undefined;
  const staff = await firstReadSession();
  if (!staff) return undefined;
  const params = dueApiParams(view, Date.now());
  // As the tasks page's first read: the API records a refused location before it answers.
  if (refusedLocations(staff.access, params).length > 0) return undefined;
  const read = await readWithin("due page", DEADLINE_MS, async () => {
    const backend = await dashboardBackend();
    const pageUrl = internalUrl(`/api/maintenance/due?${params.toString()}`);
    pageUrl.searchParams.set("limit", String(PAGE_SIZE));
    const [programs, page, locations] = await Promise.all([
      answerPrograms(backend, internalUrl("/api/maintenance/programs")),
      answerDue(backend, pageUrl, staff.access),
      mirroredLocations(backend, staff.access),
    ]);
    return {
      programs: (await programs.json()) as ProgramList,
      page: (await page.json()) as DuePage,
      locations: locations?.data,
    };
  });
  if (!read) return undefined;
  const client = new QueryClient();
  client.setQueryData(programsQuery.queryKey, read.programs);
  client.setQueryData(dueQuery(params).queryKey, { pages: [read.page], pageParams: [null] });
  if (read.locations) client.setQueryData(locationsQuery.queryKey, read.locations satisfies Location[]);
  return dehydrate(client);
}
