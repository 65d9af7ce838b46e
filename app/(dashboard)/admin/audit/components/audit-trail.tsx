"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ErrorNotice } from "@/components/error-notice";
import { PlainTableHead } from "@/components/table-parts";
import type { AuditRecord } from "@/lib/client/api-types";
import { dashboardFetch, type JsonAnswer } from "@/lib/client/dashboard-api";
import { formatDay } from "@/lib/client/time-format";

// Who did what and when, newest first: filtered by action, member and days, read a page at a time,
// and exported whole as CSV with the same filters.

const ACTIONS: readonly [AuditRecord["action"], string][] = [
  ["export", "Exports"],
  ["access_refused", "Refused by location"],
  ["staff_access_changed", "Staff access changed"],
  ["staff_added", "Staff added"],
  ["staff_removed", "Staff removed"],
  ["staff_password_set", "Staff password set"],
  ["sessions_ended", "Sessions ended"],
  ["program_override_set", "Program set"],
  ["program_override_removed", "Program back to learned"],
  ["view_created", "View saved"],
  ["view_shared", "View shared"],
  ["view_unshared", "View no longer shared"],
  ["view_deleted", "View deleted"],
  ["sign_in", "Sign-in"],
  ["sign_in_failed", "Failed sign-in"],
  ["sign_out", "Sign-out"],
];
const LABELS = new Map(ACTIONS);

interface Filters {
  action: string;
  actor: string;
  /** Days as YYYY-MM-DD, in the browser's zone. */
  from: string;
  to: string;
}

const NO_FILTERS: Filters = { action: "", actor: "", from: "", to: "" };
const FIELD = "rounded border border-slate-400 bg-white px-2 py-1 dark:bg-slate-950";

/** The query the list and the export share: a day's bounds are the browser's midnights. */
function queryOf(filters: Filters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.action) query.set("action", filters.action);
  if (filters.actor.trim()) query.set("actor", filters.actor.trim());
  if (filters.from) query.set("from", new Date(`${filters.from}T00:00`).toISOString());
  if (filters.to) {
    const next = new Date(`${filters.to}T00:00`);
    next.setDate(next.getDate() + 1);
    query.set("to", next.toISOString());
  }
  return query;
}

export function AuditTrailView() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const query = queryOf(filters);
  const records = useInfiniteQuery({
    queryKey: ["admin", "audit", query.toString()],
    initialPageParam: "",
    queryFn: async ({ pageParam, signal }) => {
      const page = new URLSearchParams(query);
      if (pageParam) page.set("cursor", pageParam);
      const response = await dashboardFetch(`/api/admin/audit?${page.toString()}`, signal);
      return (await response.json()) as JsonAnswer<"/api/admin/audit">;
    },
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const rows = records.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <div className="flex flex-col gap-3">
      <form
        onSubmit={apply}
        className="flex flex-wrap items-end gap-3 text-sm"
        aria-label="Filter the audit trail"
      >
        <label className="flex flex-col gap-1">
          Action
          <select
            className={FIELD}
            value={draft.action}
            onChange={(e) => setDraft({ ...draft, action: e.target.value })}
          >
            <option value="">Every action</option>
            {ACTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <FilterField
          label="Who (an email, or command line (user))"
          type="text"
          name="actor"
          draft={draft}
          setDraft={setDraft}
        />
        <FilterField label="From" type="date" name="from" draft={draft} setDraft={setDraft} />
        <FilterField label="To" type="date" name="to" draft={draft} setDraft={setDraft} />
        <button type="submit" className="rounded border border-slate-400 px-3 py-1">
          Show
        </button>
        <a
          className="underline underline-offset-2"
          href={`/api/admin/audit/export?${query.toString()}`}
          download
        >
          Export CSV
        </a>
      </form>
      {records.isError && rows.length === 0 ? (
        <ErrorNotice
          error={records.error}
          fallback="The audit trail could not be loaded."
          onRetry={() => void records.refetch()}
        />
      ) : records.isPending ? (
        <p className="text-sm">Loading the audit trail…</p>
      ) : rows.length === 0 ? (
        <p className="text-sm">No record matches.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-left text-sm" data-testid="audit-table">
            <caption className="sr-only">Audit records, newest first</caption>
            <PlainTableHead headers={["When", "Who", "Action", "Details"]} />
            <tbody>
              {rows.map((record) => (
                <tr key={record.id} className="border-b border-slate-200 align-top dark:border-slate-800">
                  <td className="p-2 whitespace-nowrap">
                    {formatDay(record.at)} {new Date(record.at).toLocaleTimeString("en-GB")}
                  </td>
                  <td className="p-2">{record.actor}</td>
                  <td className="p-2">{LABELS.get(record.action) ?? record.action}</td>
                  <td className="p-2 font-mono text-xs break-all">{JSON.stringify(record.details)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {records.hasNextPage && (
        <button
          type="button"
          className="self-start rounded border border-slate-400 px-3 py-1 text-sm"
          disabled={records.isFetchingNextPage}
          onClick={() => void records.fetchNextPage()}
        >
          {records.isFetchingNextPage ? "Loading…" : "Older records"}
        </button>
      )}
      {records.isError && rows.length > 0 && (
        <ErrorNotice error={records.error} fallback="Older records could not be loaded." />
      )}
    </div>
  );
}

/** One text or date filter of the form, bound to its field of the draft. */
function FilterField({
  label,
  type,
  name,
  draft,
  setDraft,
}: {
  label: string;
  type: "text" | "date";
  name: "actor" | "from" | "to";
  draft: Filters;
  setDraft: (draft: Filters) => void;
}) {
  return (
    <label className="flex flex-col gap-1">
      {label}
      <input
        className={FIELD}
        type={type}
        value={draft[name]}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      />
    </label>
  );
}
