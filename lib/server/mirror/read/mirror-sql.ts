// What the read side needs of the mirror's database: one statement at a time, values bound.
// PGlite and a pg Pool both fit behind it in a line, so every query here runs on either.
import type { QueryOptions } from "@/platform/sql/sql-db";

export interface MirrorSql {
  query<Row>(text: string, params: readonly unknown[], options?: QueryOptions): Promise<Row[]>;
}
