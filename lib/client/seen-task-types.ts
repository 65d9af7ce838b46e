// Task types this tab has seen in any loaded row. The task type filter suggests them, and the
// empty state offers the ones a typed text is part of: the filter matches exactly ("oil" finds
// nothing), and the loaded rows alone are gone as soon as a filter matches none. Kept for the
// tab's life; the service may add new types at any time, so there is no fixed list.

const seen = new Set<string>();

export function noteTaskTypes(types: Iterable<string>): readonly string[] {
  for (const type of types) seen.add(type);
  return [...seen].sort();
}

/**
 * Seen types, and the `known` ones, that contain `text`, ignoring case, spaces and "-" against
 * "_" ("Oil change").
 */
export function taskTypesLike(text: string, known: Iterable<string> = []): string[] {
  const wanted = normalise(text);
  if (!wanted) return [];
  return [...new Set([...seen, ...known])]
    .filter((type) => type !== text && normalise(type).includes(wanted))
    .sort();
}

function normalise(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}
