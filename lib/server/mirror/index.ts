export { decodeKeyset } from "./read/keyset-cursor";
export { TASK_COLUMNS, taskOfRow } from "./read/mirror-sql";
export type { MirrorSql, TaskRow } from "./read/mirror-sql";
export { LIST_FILTERS } from "./read/mirror-task-query";
export { invalid, parsed } from "./read/mirror-task-query";
export type { MirrorTaskQuery, Parsed } from "./read/mirror-task-query";
export {
  FILTER_PARAMS,
  parseList,
  parseQ,
  parseMirrorExportParams,
  parseMirrorSummaryParams,
  parseMirrorTaskParams,
  parseVehicleId,
} from "./read/parse-mirror-params";
export type { MirrorExportQuery } from "./read/parse-mirror-params";
export { mirrorExportBatches, mirrorExportIds } from "./read/read-export-batches";
export { readMirrorSummary } from "./read/read-summary";
export { readMirrorTaskPage } from "./read/read-task-page";
export { countMirroredById, mirrorTaskTextsById, tasksOfBatch } from "./read/read-tasks-by-id";
export type { TaskBatch } from "./read/read-tasks-by-id";
export { readMirrorVehicle } from "./read/read-vehicle";
export { SLICE_FRESH_AS_OF } from "./store/slice-freshness";
export { startMirror } from "./sync/start-mirror";
export type { Mirror } from "./sync/start-mirror";
export { mirrorStatus } from "./sync/status";
