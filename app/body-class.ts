// The page body's look, for the root layout and for the error page that replaces it.
export const BODY_CLASS =
  "min-h-screen bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100";
