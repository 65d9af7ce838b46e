// The scopes the service knows, in the stable order used wherever a set of them is printed.
export const SCOPES = ["locations:read", "tasks:read"] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export function formatScopes(scopes: Iterable<string>): string {
  const held = new Set(scopes);
  return SCOPES.filter((scope) => held.has(scope)).join(" ");
}
