// Names for the statements a caller marks as prepared (QueryOptions in sql-db.ts). pg sends a
// named statement's text once per connection, and PostgreSQL keeps it parsed; after five runs it
// compares a plan made for any values with those made for each run's values and keeps the first
// when it costs no more. Unnamed, every request paid parsing and planning again: a mirrored page
// of 100 tasks with its total took 0.88 ms through pg, 0.44 ms prepared (docs/benchmarks.md).
//
// A connection keeps each statement it prepared until it closes, so the number of distinct texts
// is capped per pool: beyond it a statement runs unnamed, as every statement did before. The
// readers' texts vary only with which filters, order and cursor a request has: the service's page
// has 64 shapes, the mirror's 896 (lists of five filters, seven sort keys, two orders, a cursor or
// none), of which people use few; the first 256 met get names. A statement with values written
// into its text must never be marked: each value would take a name.

export const MAX_PREPARED_TEXTS = 256;

/** What pg's query takes: the name only where the statement is to be prepared. */
export interface StatementConfig {
  text: string;
  values: unknown[] | undefined;
  name?: string;
}

export class PreparedNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly limit = MAX_PREPARED_TEXTS) {}

  /** The statement's name on every connection, or undefined once the cap is reached. */
  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= this.limit) return known;
    const name = `prepared_${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }

  /** pg's config for a statement: named if `prepared` and the cap allows, unnamed otherwise. */
  queryConfig(text: string, values: readonly unknown[] | undefined, prepared = true): StatementConfig {
    const name = prepared ? this.nameOf(text) : undefined;
    return { text, values: values as unknown[] | undefined, ...(name === undefined ? {} : { name }) };
  }
}
