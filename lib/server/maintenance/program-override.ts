// What staff set over a learned program: another schedule, another due-soon threshold, or no
// program at all for a type the fleet's history suggests one for. An override is stated whole: the
// intervals it gives are the schedule (null in both keeps the learned one), and a threshold it
// leaves null keeps the default.
import { z } from "zod";
import { DEFAULT_DUE_SOON_SHARE, PROGRAM_LIMITS } from "@/contract/query/program-limits";
import { isTaskType, TASK_TYPE_RULE } from "@/contract/query/task-type";
import { DashboardError } from "../dashboard-error";
import type { LearnedProgram } from "./learn-program";

export interface ProgramSettings {
  /** No program for this type, whatever the history shows. */
  no_program: boolean;
  interval_days: number | null;
  interval_miles: number | null;
  /** Due soon within this share of the interval; null keeps the default. */
  due_soon_share: number | null;
}

export interface ProgramOverride extends ProgramSettings {
  task_type: string;
  changed_by: string;
  changed_at: string;
}

const { days, miles, dueSoonShare } = PROGRAM_LIMITS;
const wholeNumber = (what: string, min: number, max: number) => {
  const error = `${what} must be a whole number from ${min} to ${max.toLocaleString("en-US")}, or null.`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error }).nullable().default(null);
};

const settingsSchema = z
  .strictObject(
    {
      no_program: z.boolean({ error: '"no_program" must be true or false.' }).default(false),
      interval_days: wholeNumber('"interval_days"', days.min, days.max),
      interval_miles: wholeNumber('"interval_miles"', miles.min, miles.max),
      due_soon_share: z
        .number({ error: '"due_soon_share" must be a number.' })
        .min(dueSoonShare.min, { error: `"due_soon_share" must be at least ${dueSoonShare.min} (1%).` })
        .max(dueSoonShare.max, { error: `"due_soon_share" must be at most ${dueSoonShare.max} (50%).` })
        .nullable()
        .default(null),
    },
    { error: "An override is an object of no_program, interval_days, interval_miles and due_soon_share." },
  )
  .refine(
    (settings) =>
      !settings.no_program ||
      (settings.interval_days === null &&
        settings.interval_miles === null &&
        settings.due_soon_share === null),
    { error: '"no_program" takes no interval and no threshold.' },
  );

/** One override's settings from a request body or an imported file, or a message saying what is wrong. */
export function parseProgramSettings(
  value: unknown,
): { ok: true; value: ProgramSettings } | { ok: false; message: string } {
  const parsed = settingsSchema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, message: parsed.error.issues[0]!.message };
}

/** A task type named in a request path; its rule otherwise. */
export function readOverrideTaskType(text: string): string {
  if (!isTaskType(text)) throw new DashboardError("invalid_request", `A task type is ${TASK_TYPE_RULE}.`);
  return text;
}

/** A program learned from the history of one task type. */
export interface Program extends LearnedProgram {
  task_type: string;
}

export interface LearnedPrograms {
  data: Program[];
  /** Types that recur in the mirror but follow no program, with how many gaps were seen. */
  irregular: { task_type: string; gaps: number }[];
}

export interface ProgramInEffect {
  task_type: string;
  interval_days: number | null;
  interval_miles: number | null;
  due_soon_share: number;
  source: "learned" | "override";
  /** What the history showed, when it showed a program. */
  learned: { interval_days: number | null; interval_miles: number | null } | null;
  sample: LearnedProgram["sample"] | null;
  override: ProgramOverride | null;
}

export interface ProgramsAnswer {
  data: ProgramInEffect[];
  /** Types that follow no program: none was learned, or an override says none. */
  irregular: { task_type: string; gaps: number; override: ProgramOverride | null }[];
}

/** The programs in effect: the learned ones, as staff's overrides change them, in type order. */
export function applyOverrides(
  { data: learned, irregular }: LearnedPrograms,
  overrides: readonly ProgramOverride[],
): ProgramsAnswer {
  const byType = new Map(overrides.map((override) => [override.task_type, override]));
  const gapsOf = new Map(irregular.map((entry) => [entry.task_type, entry.gaps]));
  const learnedOf = new Map(learned.map((program) => [program.task_type, program]));
  const types = [...new Set([...learnedOf.keys(), ...gapsOf.keys(), ...byType.keys()])].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const answer: ProgramsAnswer = { data: [], irregular: [] };
  for (const taskType of types) {
    const program = learnedOf.get(taskType);
    const override = byType.get(taskType) ?? null;
    const ownSchedule =
      override !== null && (override.interval_days !== null || override.interval_miles !== null);
    const schedule = ownSchedule ? override : program;
    if (override?.no_program || !schedule) {
      answer.irregular.push({
        task_type: taskType,
        gaps: program?.sample.gaps ?? gapsOf.get(taskType) ?? 0,
        override,
      });
      continue;
    }
    answer.data.push({
      task_type: taskType,
      interval_days: schedule.interval_days,
      interval_miles: schedule.interval_miles,
      due_soon_share: override?.due_soon_share ?? DEFAULT_DUE_SOON_SHARE,
      source: override ? "override" : "learned",
      learned: program
        ? { interval_days: program.interval_days, interval_miles: program.interval_miles }
        : null,
      sample: program?.sample ?? null,
      override,
    });
  }
  return answer;
}
