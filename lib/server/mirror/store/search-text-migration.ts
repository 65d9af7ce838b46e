import type { MirrorMigration } from "./migrations";

// Migration 4: search_text becomes a plain column the sync fills with JavaScript's case folding
// (store/search-text.ts), instead of a column generated with lower(), which under "C" folds ASCII
// letters only. Rows already held keep lower()'s folding until their window is walked again
// (hot windows within minutes, the rest within the cold refresh period).
export const searchTextMigration: MirrorMigration = {
  id: 4,
  name: "search text folded by the sync, not by lower()",
  sql: `
    ALTER TABLE mirror_tasks ALTER COLUMN search_text DROP EXPRESSION;
  `,
};
