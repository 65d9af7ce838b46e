"use client";
import { queryOptions } from "@tanstack/react-query";
import { dashboardFetch, type JsonAnswer } from "@/lib/client/dashboard-api";

/** The staff file's members, as the Staff page lists them; each change asks for them again. */
export const staffQuery = queryOptions({
  queryKey: ["admin", "staff"],
  queryFn: async ({ signal }) =>
    (await (await dashboardFetch("/api/admin/staff", signal)).json()) as JsonAnswer<"/api/admin/staff">,
});
