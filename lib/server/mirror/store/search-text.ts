// What the quick search (q) matches, folded by JavaScript rather than by PostgreSQL: lower() under
// the "C" collation the mirror's text columns use folds ASCII letters only, so "MÜNCHEN" would
// never find "München". One field per line, so a substring never spans two fields.
import type { Task } from "../../upstream";

export function foldForSearch(text: string): string {
  return text.toLowerCase();
}

export function taskSearchText(task: Task): string {
  return foldForSearch(
    [task.id, task.mva, task.vehicle_id, task.vin ?? "", task.task_type, task.location.name].join("\n"),
  );
}
