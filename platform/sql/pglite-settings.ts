// The names of the embedded store's two test-run settings (pglite-db.ts says what each does), apart
// from the store itself so that a process starter can name them without loading PGlite.
export const TEMPLATE_SETTING = "PGLITE_TEMPLATE";
export const SHORT_LIVED_SETTING = "PGLITE_SHORT_LIVED";
