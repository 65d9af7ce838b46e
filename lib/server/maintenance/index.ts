export { dueStanding } from "./due-state";
export type { DueStanding } from "./due-state";
export { readCompliance } from "./compliance";
export { dueCsv } from "./due-csv";
export {
  dueCountsByLocation,
  dueRowsInReach,
  parseComplianceParams,
  parseDueExportParams,
  parseDueParams,
  selectDuePage,
  selectDueRows,
} from "./due-query";
export { learnProgram } from "./learn-program";
export { applyOverrides, parseProgramSettings, readOverrideTaskType } from "./program-override";
export type { LearnedPrograms, ProgramOverride, ProgramSettings, ProgramsAnswer } from "./program-override";
export type { Gap } from "./learn-program";
export { dueRowSeenBy, readDueRows, readPrograms } from "./read-maintenance";
export type { DueRow } from "./read-maintenance";
export type { VehicleFacts } from "./vehicles";
export { parseVehicleParams, readVehicles, selectVehiclePage, vehicleSeenBy } from "./vehicles";
