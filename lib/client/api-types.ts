import type { components } from "@/contract/dashboard/api-types";

// The browser's names for the dashboard API's shapes, all generated from its document
// (contract/dashboard/openapi.yaml; `npm run generate:dashboard-types`). Type-only.

type Schemas = components["schemas"];

export type Task = Schemas["Task"];
export type Location = Schemas["Location"];
export type BudgetSnapshot = Schemas["Budget"];
export type TaskSummary = Schemas["TaskSummary"];
export type MirrorStatus = Schemas["MirrorStatus"];
export type Vehicle = Schemas["Vehicle"];

type TaskPageBody = Schemas["TaskPage"];

/** A page of GET /api/tasks as the browser keeps it: the body, and what its freshness headers say. */
export interface TaskPage extends TaskPageBody {
  /**
   * How fresh the rows are (X-Data-Fetched-At: the oldest mirror window read, or when the service
   * was read); an answer without it was read live, and is as fresh as its arrival.
   */
  fetchedAt: string;
  /** True when the rows are served from the dashboard's cache after the service failed. */
  stale: boolean;
  /** Why they are stale (X-Data-Stale-Reason). */
  staleReason: string | null;
}
export type Program = Schemas["Program"];
export type ProgramList = Schemas["ProgramList"];
export type ProgramOverride = Schemas["ProgramOverride"];
export type ProgramSettings = Schemas["ProgramSettings"];
export type StaffMember = Schemas["StaffMember"];
export type StaffAccess = Schemas["StaffAccess"];
export type AuditRecord = Schemas["AuditRecord"];
export type DueRow = Schemas["DueRow"];
export type DuePage = Schemas["DuePage"];
export type DueSummary = Schemas["DueSummary"];
export type Compliance = Schemas["Compliance"];
export type VehiclePage = Schemas["VehiclePage"];
export type SavedView = Schemas["SavedView"];
export type SavedViewList = Schemas["SavedViewList"];
export type ViewState = Schemas["ViewState"];

/**
 * What /tasks opens with instead of its address, as the server read it while rendering the page: the
 * view a `?view=` link names, or the reader's start view on a bare /tasks; or why a link's view
 * could not be opened.
 */
export type OpenedView = { view: SavedView } | { problem: "missing" | "unavailable" };
