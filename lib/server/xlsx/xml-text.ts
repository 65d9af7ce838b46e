import "server-only";

// Text as SpreadsheetML holds it (ECMA-376 part 1, ST_Xstring): XML-escaped, without the characters
// XML 1.0 cannot carry at all, and with Excel's own escape for a character ("_x0041_" reads as "A")
// escaped in turn where the text itself looks like one, so every reader shows the text as it was.

/**
 * C0 controls but tab, line feed and carriage return; U+FFFE and U+FFFF; a surrogate without its
 * pair (by code points, a pair is one character above U+FFFF and so not in the class).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is what it is for
const NOT_IN_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/gu;

/** Markup, a quote (for attributes), and the underscore that would start an "_xHHHH_" escape. */
const SPECIAL = /[&<>"]|_(?=x[0-9a-fA-F]{4}_)/g;

const REPLACEMENTS: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  _: "_x005F_",
};

/** Any of the above: most text has none, and is returned as it is after this one test. */
// eslint-disable-next-line no-control-regex -- as NOT_IN_XML
const NEEDS_WORK = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]|_x[0-9a-fA-F]{4}_/;

/** Text for an element's content or a quoted attribute; forbidden characters are dropped. */
export function xmlText(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  // Dropped first: what is left could only then spell an escape ("_x\u00010041_").
  return text.replace(NOT_IN_XML, "").replace(SPECIAL, (found) => REPLACEMENTS[found] ?? found);
}
