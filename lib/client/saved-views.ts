import { queryOptions } from "@tanstack/react-query";
import type { SavedView, SavedViewList, ViewState } from "./api-types";
import { dashboardFetch, dashboardSend, type JsonAnswer } from "./dashboard-api";
import { withTableView } from "./table-view";
import { withTaskFilters } from "./task-filters";
import type { TaskListState } from "./use-task-list-state";

// Saved views of the tasks page, as the views menu reads and changes them. A view's state is the
// page's own link parameters, so saving one writes what the address would carry (with the zone,
// columns and widths made explicit, as this browser shows them) and opening one is opening that
// address.

export const viewsQuery = queryOptions({
  queryKey: ["views"],
  queryFn: async ({ signal }): Promise<SavedViewList> =>
    (await (await dashboardFetch("/api/views", signal)).json()) as JsonAnswer<"/api/views">,
  staleTime: 30_000,
});

/** The page as it is shown now, as a view's state. */
export function viewStateOf(state: TaskListState): ViewState {
  const params = withTableView(withTaskFilters(new URLSearchParams(), state.filters), state.view);
  if (new URLSearchParams(state.listParams).get("summary") === "open") params.set("summary", "open");
  return Object.fromEntries(params);
}

/**
 * The address a view opens at: its state is the page's own parameters. Undefined for a view that
 * shows its reader no tasks (every location it names is outside theirs, so its filter is an empty
 * list): it is not opened, as opening it without that filter would show every location instead.
 */
export function viewSearchOf(view: SavedView): string | undefined {
  if (view.state.location_id === "") return undefined;
  return new URLSearchParams(view.state).toString();
}

/** The stable link of a view: it opens for anyone signed in, under their own locations. */
export function viewLink(view: SavedView, origin: string): string {
  return `${origin}/tasks?view=${encodeURIComponent(view.id)}`;
}

const viewPath = (view: SavedView) => `/api/views/${encodeURIComponent(view.id)}`;

export async function saveView(name: string, shared: boolean, state: ViewState): Promise<SavedView> {
  return (await (await dashboardSend("/api/views", "POST", { name, shared, state })).json()) as SavedView;
}

export async function changeView(
  view: SavedView,
  change: { name?: string; shared?: boolean; state?: ViewState },
): Promise<SavedView> {
  return (await (await dashboardSend(viewPath(view), "PATCH", change)).json()) as SavedView;
}

export async function deleteView(view: SavedView): Promise<void> {
  await dashboardSend(viewPath(view), "DELETE");
}

/** Makes `view` the start view, or clears it with null. */
export async function setStartView(view: SavedView | null): Promise<void> {
  if (view) await dashboardSend("/api/views/start", "PUT", { view_id: view.id });
  else await dashboardSend("/api/views/start", "DELETE");
}
