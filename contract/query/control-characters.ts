// C0 controls and DEL: never allowed in a filter value or the search text, and never echoed back in a
// message, because they would break a log line or the newline-separated text the mirror searches.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const EVERY_CONTROL_CHARACTER = new RegExp(CONTROL_CHARACTER.source, "g");

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

export function replaceControlCharacters(text: string, replacement: string): string {
  return text.replace(EVERY_CONTROL_CHARACTER, replacement);
}

/**
 * Whether `text` is well-formed Unicode: no lone surrogate. JSON and JavaScript carry one, but it
 * has no UTF-8 form, so PostgreSQL refuses to store it (and a log line or a file would mangle it):
 * text kept for later is refused with it at the door, as the caller's mistake.
 */
export function isWellFormedText(text: string): boolean {
  return text.isWellFormed();
}
