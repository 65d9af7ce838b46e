// The tasks page's controls, one chunk loaded after the page (tasks-view.tsx).
export { SummaryPanel } from "./summary/summary-panel";
export { TableToolbar } from "./table-toolbar";
export { TaskFilterBar } from "./task-filter-bar";
