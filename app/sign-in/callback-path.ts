// Where a person goes after signing in: the page they asked for, but only ever on this site.
// The browser's own URL parser decides, so tricks it would follow elsewhere ("//evil.example",
// "/\evil.example", a tab inside "//") are judged the way the browser would judge them.

export const DEFAULT_CALLBACK_PATH = "/tasks";

const PARSE_BASE = "https://dashboard.invalid";

/** The same-origin path (with query and fragment) `value` names, or the default page. */
export function safeCallbackPath(value: string | undefined): string {
  if (!value?.startsWith("/")) return DEFAULT_CALLBACK_PATH;
  let url: URL;
  try {
    url = new URL(value, PARSE_BASE);
  } catch {
    return DEFAULT_CALLBACK_PATH;
  }
  if (url.origin !== PARSE_BASE) return DEFAULT_CALLBACK_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}
