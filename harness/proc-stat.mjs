// One process's line in /proc (Linux): its name, state and process group. The name is in
// parentheses and may hold spaces or parentheses itself, so the fields are read after the last ")".
// Plain JavaScript, which Node runs as it is: the daemon reaper, a process of its own, imports it.
import { readFileSync } from "node:fs";

/**
 * @param {number | string} pid
 * @returns {{ name: string, state: string, group: number } | undefined} undefined once it is gone
 */
export function readProcStat(pid) {
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  const [state = "", , group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), state, group: Number(group) };
}
