// Words for the codes the service sends. The service's task types are free-form and new ones may
// appear: a code without a label here is shown as it is, never guessed at.

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
  return Object.hasOwn(TASK_TYPE_LABELS, code) ? (TASK_TYPE_LABELS[code] ?? code) : code;
}

export function statusLabel(code: string): string {
  return Object.hasOwn(STATUS_LABELS, code) ? (STATUS_LABELS[code] ?? code) : code;
}

/** Known statuses in their life's order, then any new ones by name, so colours and stacks stay put. */
export function orderStatuses(codes: Iterable<string>): string[] {
  const known = Object.keys(STATUS_LABELS);
  const rank = (code: string) => {
    const index = known.indexOf(code);
    return index === -1 ? known.length : index;
  };
  return [...new Set(codes)].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}
