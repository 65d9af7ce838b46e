import "server-only";

// The one query interface the mirror's code uses, whichever database holds the mirror: PGlite
// embedded in this process, or a PostgreSQL that several dashboard instances share. The mirror's
// names for platform/sql's interface, which the service's store uses too.

export type { SqlDb as MirrorDb, SqlExecutor as MirrorExecutor } from "@/platform/sql/sql-db";
