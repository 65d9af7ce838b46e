// One colour per status in both themes, for the canvas (hex) and for HTML bars (Tailwind classes
// written out whole, so Tailwind finds them). A status the dashboard does not know yet gets violet.

interface StatusColor {
  light: string;
  dark: string;
  bar: string;
}

const COLORS: Readonly<Record<string, StatusColor>> = {
  scheduled: { light: "#0ea5e9", dark: "#38bdf8", bar: "bg-sky-500 dark:bg-sky-400" },
  in_progress: { light: "#f59e0b", dark: "#fbbf24", bar: "bg-amber-500 dark:bg-amber-400" },
  completed: { light: "#059669", dark: "#34d399", bar: "bg-emerald-600 dark:bg-emerald-400" },
  cancelled: { light: "#94a3b8", dark: "#64748b", bar: "bg-slate-400 dark:bg-slate-500" },
};

const OTHER: StatusColor = { light: "#8b5cf6", dark: "#a78bfa", bar: "bg-violet-500 dark:bg-violet-400" };

export function statusColor(status: string): StatusColor {
  return Object.hasOwn(COLORS, status) ? (COLORS[status] ?? OTHER) : OTHER;
}
