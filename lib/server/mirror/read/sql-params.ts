// Collects bound values and names them $1, $2 ... with a cast, so a statement's text holds only
// placeholders, never a value.

export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown, type: "text" | "text[]" | "integer" | "timestamptz"): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }
}

export interface Statement {
  text: string;
  values: readonly unknown[];
}
