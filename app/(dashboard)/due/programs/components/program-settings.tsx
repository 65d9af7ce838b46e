"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { BusyButton, RowFormStatus, useRowForm, useRowFormNews } from "@/components/row-form";
import { intervalWords } from "@/components/due-cells";
import { DEFAULT_DUE_SOON_SHARE, PROGRAM_LIMITS } from "@/contract/query/program-limits";
import { ErrorNotice } from "@/components/error-notice";
import { MirrorFillingNotice } from "@/components/mirror-filling-notice";
import type { ProgramOverride, ProgramSettings } from "@/lib/client/api-types";
import { dashboardSend } from "@/lib/client/dashboard-api";
import { programsQuery } from "@/lib/client/maintenance-queries";
import { mirrorFilling } from "@/lib/client/task-queries";
import { LocalDay } from "@/components/local-day";
import { taskTypeLabel } from "@/lib/task-format/task-labels";

// Every task type the fleet's history knows, with the program in effect, what the history showed,
// and staff's override: change a schedule, the due-soon threshold, or say a type has none. A
// change takes effect on the next page of the due list, and the audit trail keeps who made it.

/** One row: a type with its program in effect (if any), what was learned and any override. */
interface TypeRow {
  task_type: string;
  inEffect: { interval_days: number | null; interval_miles: number | null; due_soon_share: number } | null;
  learned: { interval_days: number | null; interval_miles: number | null } | null;
  sample: { gaps: number; vehicles: number; on_interval_share: number } | null;
  gaps: number;
  override: ProgramOverride | null;
}

const FIELD = "w-28 rounded border border-slate-400 bg-white px-2 py-1 dark:bg-slate-950";
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** `canChange`: an admin's page; a viewer sees the programs without the means to change them. */
export function ProgramSettingsView({ canChange }: { canChange: boolean }) {
  const programs = useQuery(programsQuery);
  const [editing, setEditing] = useState<string | null>(null);
  const [news, say] = useRowFormNews();
  if (programs.isPending) {
    return mirrorFilling(programs.failureReason) ? (
      <MirrorFillingNotice message={programs.failureReason.message} what="The programs" />
    ) : (
      <p className="text-sm">Loading the programs…</p>
    );
  }
  if (programs.isError) {
    return (
      <ErrorNotice
        error={programs.error}
        fallback="The programs could not be loaded."
        onRetry={() => void programs.refetch()}
      />
    );
  }
  const rows: TypeRow[] = [
    ...programs.data.data.map((program) => ({
      task_type: program.task_type,
      inEffect: program,
      learned: program.learned,
      sample: program.sample,
      gaps: program.sample?.gaps ?? 0,
      override: program.override,
    })),
    ...programs.data.irregular.map((type) => ({
      task_type: type.task_type,
      inEffect: null,
      learned: null,
      sample: null,
      gaps: type.gaps,
      override: type.override,
    })),
  ].sort((a, b) => (a.task_type < b.task_type ? -1 : a.task_type > b.task_type ? 1 : 0));
  return (
    <div className="flex flex-col gap-3">
      <p className="max-w-3xl text-sm text-slate-700 dark:text-slate-300">
        Each program is learned from the gaps between a vehicle&apos;s jobs of the same type.{" "}
        {canChange
          ? "Set your own schedule where the fleet's policy differs, change how early a job counts as due soon, or say a type has no program."
          : "An admin sets the fleet's own schedule where its policy differs."}{" "}
        <Link href="/due" className="underline underline-offset-2">
          Back to what is due
        </Link>
      </p>
      <div className="overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">
            Task types, the program in effect for each, and staff&apos;s changes
          </caption>
          <thead className="border-b border-slate-300 dark:border-slate-700">
            <tr>
              <th scope="col" className="p-2">
                Task type
              </th>
              <th scope="col" className="p-2">
                In effect
              </th>
              <th scope="col" className="p-2">
                Learned from the history
              </th>
              <th scope="col" className="p-2">
                Changed by
              </th>
              {canChange && (
                <th scope="col" className="p-2">
                  <span className="sr-only">Change</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <ProgramRow
                key={row.task_type}
                row={row}
                canChange={canChange}
                editing={editing === row.task_type}
                onEdit={(open) => setEditing(open ? row.task_type : null)}
                say={say}
              />
            ))}
          </tbody>
        </table>
      </div>
      <RowFormStatus news={news} />
    </div>
  );
}

function ProgramRow({
  row,
  canChange,
  editing,
  onEdit,
  say,
}: {
  row: TypeRow;
  canChange: boolean;
  editing: boolean;
  onEdit: (open: boolean) => void;
  say: (words: string) => void;
}) {
  const label = taskTypeLabel(row.task_type);
  const { opener, holder, close } = useRowForm(onEdit, say);
  return (
    <>
      <tr
        className="border-b border-slate-200 align-top dark:border-slate-800"
        data-testid={`program-${row.task_type}`}
      >
        <th scope="row" className="p-2 font-medium">
          {label}
        </th>
        <td className="p-2">
          {row.inEffect ? (
            <>
              Every {intervalWords(row.inEffect)}; due soon in the last {percent(row.inEffect.due_soon_share)}
            </>
          ) : (
            "No program"
          )}
        </td>
        <td className="p-2 text-slate-700 dark:text-slate-300">
          {row.learned && row.sample
            ? `Every ${intervalWords(row.learned)} (${row.sample.gaps.toLocaleString("en-US")} gaps, ${row.sample.vehicles.toLocaleString("en-US")} vehicles, ${percent(row.sample.on_interval_share)} on schedule)`
            : `None (${row.gaps.toLocaleString("en-US")} gaps, no regular pattern)`}
        </td>
        <td className="p-2">
          {row.override ? (
            <>
              {row.override.changed_by}, <LocalDay instant={row.override.changed_at} />
            </>
          ) : (
            "Learned"
          )}
        </td>
        {canChange && (
          <td className="p-2">
            <button
              ref={opener}
              type="button"
              className="rounded border border-slate-400 px-2 py-1"
              aria-expanded={editing}
              aria-label={`Change ${label}`}
              onClick={() => onEdit(!editing)}
            >
              Change
            </button>
          </td>
        )}
      </tr>
      {canChange && editing && (
        <tr ref={holder}>
          <td colSpan={5} className="bg-slate-50 p-3 dark:bg-slate-900">
            <OverrideForm row={row} onDone={close} />
          </td>
        </tr>
      )}
    </>
  );
}

type Choice = "learned" | "own" | "none";

function OverrideForm({
  row,
  onDone,
}: {
  row: TypeRow;
  /** Closes the form, saying `outcome` (what changed) when there is one. */
  onDone: (outcome?: string) => void;
}) {
  const queryClient = useQueryClient();
  const label = taskTypeLabel(row.task_type);
  const override = row.override;
  const ownSchedule =
    override !== null && (override.interval_days !== null || override.interval_miles !== null);
  const [choice, setChoice] = useState<Choice>(
    override?.no_program ? "none" : ownSchedule ? "own" : "learned",
  );
  const [days, setDays] = useState(String(override?.interval_days ?? row.learned?.interval_days ?? ""));
  const [miles, setMiles] = useState(String(override?.interval_miles ?? row.learned?.interval_miles ?? ""));
  const [soon, setSoon] = useState(
    override?.due_soon_share ? String(Math.round(override.due_soon_share * 100)) : "",
  );
  const path = `/api/maintenance/programs/${encodeURIComponent(row.task_type)}`;
  const done = async (outcome: string) => {
    await queryClient.invalidateQueries({ queryKey: ["maintenance"] });
    onDone(outcome);
  };
  const save = useMutation({
    mutationFn: (settings: ProgramSettings) => dashboardSend(path, "PUT", settings),
    onSuccess: () => done(`Saved the program for ${label}.`),
  });
  const reset = useMutation({
    mutationFn: () => dashboardSend(path, "DELETE"),
    onSuccess: () => done(`${label} is back to its learned program.`),
  });
  const busy = save.isPending || reset.isPending;
  const number = (text: string) => (text.trim() === "" ? null : Number(text));

  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Our own schedule needs days, miles or both: with neither, the learned one would stand.
    const noInterval = choice === "own" && number(days) === null && number(miles) === null;
    setMissing(noInterval);
    if (noInterval) return;
    const dueSoon = number(soon);
    save.mutate(
      choice === "none"
        ? { no_program: true }
        : {
            no_program: false,
            interval_days: choice === "own" ? number(days) : null,
            interval_miles: choice === "own" ? number(miles) : null,
            due_soon_share: dueSoon === null ? null : dueSoon / 100,
          },
    );
  };
  const error = save.error ?? reset.error;
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" aria-label={`Program for ${label}`}>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium">Schedule</legend>
        {(
          [
            ["learned", row.learned ? `Learned: every ${intervalWords(row.learned)}` : "Learned (none yet)"],
            ["own", "Our own"],
            ["none", "No program"],
          ] as const
        ).map(([value, text]) => (
          <label key={value} className="flex items-center gap-1 text-sm">
            <input
              type="radio"
              name="schedule"
              value={value}
              checked={choice === value}
              onChange={() => setChoice(value)}
            />
            {text}
          </label>
        ))}
      </fieldset>
      {choice === "own" && (
        <div className="flex flex-wrap gap-4 text-sm">
          <IntervalInput before="Every" unit="days" value={days} onChange={setDays} />
          <IntervalInput before="or" unit="miles" value={miles} onChange={setMiles} />
          <span className="text-slate-600 dark:text-slate-400">
            whichever comes first; leave one empty to use the other alone
          </span>
        </div>
      )}
      {choice !== "none" && (
        <label className="flex items-center gap-1 text-sm">
          Due soon in the last{" "}
          <input
            className={FIELD}
            type="number"
            min={PROGRAM_LIMITS.dueSoonShare.min * 100}
            max={PROGRAM_LIMITS.dueSoonShare.max * 100}
            value={soon}
            placeholder={String(DEFAULT_DUE_SOON_SHARE * 100)}
            onChange={(e) => setSoon(e.target.value)}
            aria-label="Due soon, percent of the interval"
          />
          % of the interval
        </label>
      )}
      {missing && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          Give the interval in days, in miles or both.
        </p>
      )}
      {error !== null && <ErrorNotice error={error} fallback="The change was not saved." />}
      <div className="flex gap-2">
        <BusyButton type="submit" className="rounded bg-blue-700 px-3 py-1 text-white" busy={busy}>
          Save
        </BusyButton>
        {override && (
          <BusyButton
            type="button"
            className="rounded border border-slate-400 px-3 py-1"
            onClick={() => reset.mutate()}
            busy={busy}
          >
            Back to learned
          </BusyButton>
        )}
        <button type="button" className="rounded px-3 py-1 underline" onClick={() => onDone()}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function IntervalInput(props: {
  before: string;
  unit: "days" | "miles";
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex items-center gap-1">
      {props.before}{" "}
      <input
        className={FIELD}
        type="number"
        min={PROGRAM_LIMITS[props.unit].min}
        max={PROGRAM_LIMITS[props.unit].max}
        inputMode="numeric"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-label={`Interval in ${props.unit}`}
      />{" "}
      {props.unit}
    </label>
  );
}
