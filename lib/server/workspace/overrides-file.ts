// The file `npm run programs -- export` writes and `import` reads: every override, readable and
// diffable, so a fleet's settings can be kept in version control or carried to another dashboard.
import {
  parseProgramSettings,
  readOverrideTaskType,
  type ProgramOverride,
  type ProgramSettings,
} from "../maintenance";

const FORMAT = "fleet-task-dashboard/program-overrides";
const VERSION = 1;

export function overridesFile(overrides: readonly ProgramOverride[], now: Date): string {
  return `${JSON.stringify({ format: FORMAT, version: VERSION, exported_at: now.toISOString(), overrides }, null, 2)}\n`;
}

/** The overrides a file holds, by task type; throws a message naming the first fault. */
export function readOverridesFile(text: string): Map<string, ProgramSettings> {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new Error("The file is not JSON.", { cause: error });
  }
  const { format, version, overrides } = (document ?? {}) as Record<string, unknown>;
  if (format !== FORMAT || version !== VERSION)
    throw new Error(`The file is not a version ${VERSION} "${FORMAT}" export.`);
  if (!Array.isArray(overrides)) throw new Error('"overrides" must be a list.');
  const wanted = new Map<string, ProgramSettings>();
  overrides.forEach((entry: unknown, index) => {
    // Who changed an override last, and when, are the source's history: the import is a new change.
    const {
      task_type: taskType,
      changed_by: _by,
      changed_at: _at,
      ...settings
    } = (entry ?? {}) as Record<string, unknown>;
    const where = `overrides[${index}]`;
    if (typeof taskType !== "string") throw new Error(`${where}: "task_type" must be text.`);
    try {
      readOverrideTaskType(taskType);
    } catch (error) {
      throw new Error(`${where}: ${(error as Error).message}`, { cause: error });
    }
    if (wanted.has(taskType)) throw new Error(`${where}: "${taskType}" is listed twice.`);
    const parsed = parseProgramSettings(settings);
    if (!parsed.ok) throw new Error(`${where} (${taskType}): ${parsed.message}`);
    wanted.set(taskType, parsed.value);
  });
  return wanted;
}
