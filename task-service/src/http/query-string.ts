// Reads the raw query string ourselves: the framework's parser merges repeated parameters,
// and the contract rejects repeats and unknown names (a typo must not silently widen a filter).
import { invalidRequest } from "./api-error";
import { replaceControlCharacters } from "../../../contract/query/control-characters";
import { decodeQueryPairs } from "../../../contract/query/query-pairs";

export function parseQueryString(url: string, allowed: readonly string[]): Map<string, string> {
  const questionMark = url.indexOf("?");
  const params = new Map<string, string>();
  if (questionMark === -1) return params;
  // Malformed percent-encoding (bytes that are not UTF-8) is an error here, not U+FFFD.
  const pairs = decodeQueryPairs(url.slice(questionMark + 1));
  if (!pairs) throw invalidRequest("The query string is not valid percent-encoded UTF-8.");
  for (const [name, value] of pairs) {
    if (!allowed.includes(name)) {
      throw invalidRequest(
        allowed.length === 0
          ? `Unknown parameter "${printable(name)}": this endpoint takes no parameters.`
          : `Unknown parameter "${printable(name)}". Allowed: ${allowed.join(", ")}.`,
      );
    }
    if (params.has(name)) throw invalidRequest(`Parameter "${name}" is repeated; give it once.`);
    params.set(name, value);
  }
  return params;
}

/** Echoing client input into a message must not echo control characters or unbounded text. */
export function printable(text: string): string {
  const clean = replaceControlCharacters(text, "?");
  return clean.length > 64 ? `${clean.slice(0, 64)}…` : clean;
}
