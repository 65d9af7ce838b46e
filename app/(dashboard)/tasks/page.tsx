import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { openedView, searchOf } from "@/lib/server/bff";
import { viewSearchOf } from "@/lib/client/saved-views";
import { dashboardEnv } from "@/lib/server/env";
import { TasksView } from "./components/tasks-view";
import { firstTaskPage } from "./first-task-page";

export const metadata: Metadata = { title: "Tasks" };

type SearchParams = Record<string, string | string[] | undefined>;

export default async function TasksPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const maxWindowDays = dashboardEnv().VTS_MAX_WINDOW_DAYS;
  const search = searchOf(await searchParams);
  const opened = await openedView(search);
  // A view that shows its reader nothing opens the default view, as the browser will.
  const viewSearch = opened && "view" in opened ? (viewSearchOf(opened.view) ?? "") : undefined;
  const first = await firstTaskPage(
    viewSearch === undefined ? search : new URLSearchParams(viewSearch),
    maxWindowDays,
  );
  return (
    <main className="flex h-full min-h-[36rem] flex-col gap-3 p-4">
      <h1 className="sr-only">Tasks</h1>
      <HydrationBoundary state={first?.state}>
        {/* No Suspense boundary here: the page is rendered per request (useSearchParams does not
            suspend), and without one the filters and the rows go out in the same flush as the
            header, so the first paint already has the rows. */}
        <TasksView maxWindowDays={maxWindowDays} served={first?.served} opened={opened} />
      </HydrationBoundary>
    </main>
  );
}
