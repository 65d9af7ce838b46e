// Readable names for the codes the service sends ("oil_change" reads "Oil change"). Both sets are
// open: a code not listed here is shown as it is, never guessed at, so a new type is still exactly
// what the service calls it (and what the CSV and the filter's URL hold).

const TASK_TYPE_LABELS: Readonly<Record<string, string>> = {
  oil_change: "Oil change",
  car_wash: "Car wash",
  multi_point_inspection: "Multi-point inspection",
  detailing: "Detailing",
  tire_rotation: "Tire rotation",
  brake_inspection: "Brake inspection",
  battery_check: "Battery check",
  wiper_replacement: "Wiper replacement",
  cabin_air_filter: "Cabin air filter",
  tire_replacement: "Tire replacement",
  damage_repair: "Damage repair",
  wheel_alignment: "Wheel alignment",
  recall_repair: "Recall repair",
  windshield_repair: "Windshield repair",
  key_replacement: "Key replacement",
  transmission_service: "Transmission service",
  ev_battery_diagnostic: "EV battery diagnostic",
};

const STATUS_LABELS: Readonly<Record<string, string>> = {
  scheduled: "Scheduled",
  in_progress: "In progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

export function taskTypeLabel(code: string): string {
  return Object.hasOwn(TASK_TYPE_LABELS, code) ? TASK_TYPE_LABELS[code]! : code;
}

export function statusLabel(code: string): string {
  return Object.hasOwn(STATUS_LABELS, code) ? STATUS_LABELS[code]! : code;
}

/** The task types the dashboard names, for hints before any row of them was loaded. */
export const KNOWN_TASK_TYPES: readonly string[] = Object.keys(TASK_TYPE_LABELS);

/** The statuses the service documents, offered before the mirror can count them. */
export const KNOWN_STATUSES: readonly string[] = Object.keys(STATUS_LABELS);
