"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo } from "react";
import { ErrorNotice } from "@/components/error-notice";
import { MirrorFillingNotice } from "@/components/mirror-filling-notice";
import { MoreRows } from "@/components/more-rows";
import { SortableHeader } from "@/components/sortable-header";
import { vehiclesQuery } from "@/lib/client/maintenance-queries";
import { mirrorFilling } from "@/lib/client/task-queries";
import { LocalDay } from "@/components/local-day";
import { useSearchBox } from "@/lib/client/use-search-box";
import { VehicleLink } from "@/components/table-parts";

type Sort = "mva" | "last_seen_at" | "latest_odometer" | "overdue" | "location";
const SORTS: readonly Sort[] = ["mva", "last_seen_at", "latest_odometer", "overdue", "location"];
const COLUMNS: { label: string; sort?: Sort; numeric?: boolean }[] = [
  { label: "MVA", sort: "mva" },
  { label: "VIN" },
  { label: "Last location", sort: "location" },
  { label: "Last seen", sort: "last_seen_at" },
  { label: "Latest odometer", sort: "latest_odometer", numeric: true },
  { label: "Overdue", sort: "overdue", numeric: true },
];

// Every vehicle of the task mirror: a search by MVA, id or VIN, a sort by any column but the VIN
// (server-side, in the URL), more rows as it scrolls, each row opening the vehicle's page.
export function VehicleList() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const q = params.get("q") ?? "";
  const sortParam = params.get("sort") ?? "mva";
  const sort: Sort = (SORTS as readonly string[]).includes(sortParam) ? (sortParam as Sort) : "mva";
  const order = params.get("order") === "desc" ? "desc" : "asc";
  const go = (next: { q?: string; sort?: Sort; order?: "asc" | "desc" }) => {
    const view = { q, sort, order, ...next };
    const search = new URLSearchParams();
    if (view.q.trim()) search.set("q", view.q.trim());
    if (view.sort !== "mva") search.set("sort", view.sort);
    if (view.order !== "asc") search.set("order", view.order);
    router.replace(search.size > 0 ? `${pathname}?${search.toString()}` : pathname, { scroll: false });
  };
  const searchBox = useSearchBox(q, (text) => go({ q: text }), 300);
  const apiParams = useMemo(() => {
    const query = new URLSearchParams({ sort, order });
    if (q.trim()) query.set("q", q.trim());
    return query;
  }, [q, sort, order]);
  const vehicles = useInfiniteQuery(vehiclesQuery(apiParams));
  const first = vehicles.data?.pages[0];
  const rows = useMemo(() => vehicles.data?.pages.flatMap((page) => page.data) ?? [], [vehicles.data]);

  return (
    <div className="flex flex-col gap-3">
      <label className="flex max-w-xs flex-col gap-1 text-sm font-medium">
        Search vehicles
        <input
          type="search"
          value={searchBox.text}
          placeholder="MVA, vehicle id or VIN"
          maxLength={100}
          onChange={(event) => searchBox.type(event.target.value)}
          className="rounded border border-slate-400 bg-transparent px-2 py-1 font-normal"
        />
      </label>
      {vehicles.isPending ? (
        mirrorFilling(vehicles.failureReason) ? (
          <MirrorFillingNotice message={vehicles.failureReason.message} what="The vehicles" />
        ) : (
          <p role="status">Loading the vehicles…</p>
        )
      ) : vehicles.isError && !vehicles.data ? (
        <ErrorNotice
          error={vehicles.error}
          fallback="The vehicles could not be loaded."
          onRetry={() => void vehicles.refetch()}
        />
      ) : (
        <>
          <p role="status" className="text-sm" data-testid="vehicles-total">
            {first!.total.toLocaleString("en-US")} {first!.total === 1 ? "vehicle" : "vehicles"}
          </p>
          <div className="overflow-x-auto">
            <table
              className="w-full min-w-[48rem] border-collapse text-left text-sm"
              data-testid="vehicle-table"
            >
              <caption className="sr-only">Vehicles, with where and when each was last worked on</caption>
              <thead className="bg-slate-100 dark:bg-slate-900">
                <tr>
                  {COLUMNS.map(({ label, sort: key, numeric }) => (
                    <SortableHeader
                      key={label}
                      label={label}
                      sort={key}
                      numeric={numeric}
                      current={{ sort, order }}
                      onSort={(next, nextOrder) => go({ sort: next, order: nextOrder })}
                    />
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr
                    key={row.vehicle_id}
                    data-vehicle-id={row.vehicle_id}
                    className="border-b border-slate-200 dark:border-slate-800"
                  >
                    <td className="px-2 py-1.5">
                      <VehicleLink vehicleId={row.vehicle_id} mva={row.mva} />
                    </td>
                    <td className="px-2 py-1.5 font-mono text-xs">{row.vin ?? "—"}</td>
                    <td className="px-2 py-1.5">{row.last_location?.name ?? "—"}</td>
                    <td className="px-2 py-1.5 whitespace-nowrap">
                      {row.last_seen_at ? <LocalDay instant={row.last_seen_at} /> : "—"}
                    </td>
                    <td className="px-2 py-1.5 text-right tabular-nums">
                      {row.latest_odometer === null
                        ? "—"
                        : `${row.latest_odometer.toLocaleString("en-US")} mi`}
                    </td>
                    <td className="px-2 py-1.5 text-right tabular-nums" data-testid="vehicle-overdue">
                      {row.overdue > 0 ? (
                        <Link
                          href={`/due?state=overdue&vehicle_id=${encodeURIComponent(row.vehicle_id)}`}
                          prefetch={false}
                          className="underline underline-offset-2"
                        >
                          {row.overdue}
                        </Link>
                      ) : (
                        "0"
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <MoreRows
            loaded={rows.length}
            total={first!.total}
            loading={vehicles.isFetchingNextPage}
            hasMore={vehicles.hasNextPage}
            loadMore={() => void vehicles.fetchNextPage()}
            failed={vehicles.isFetchNextPageError ? vehicles.error : null}
          />
        </>
      )}
    </div>
  );
}
