// A query string's name/value pairs, decoded as the contract reads them. Pure, so the dashboard
// reads its own API's query exactly as the service reads its.

/**
 * Like URLSearchParams ("+" is a space, empty pairs are skipped), except that malformed
 * percent-encoding (bytes that are not UTF-8) gives undefined instead of U+FFFD.
 */
export function decodeQueryPairs(query: string): [string, string][] | undefined {
  const pairs: [string, string][] = [];
  try {
    for (const pair of query.split("&")) {
      if (pair === "") continue;
      const equals = pair.indexOf("=");
      const name = equals === -1 ? pair : pair.slice(0, equals);
      const value = equals === -1 ? "" : pair.slice(equals + 1);
      pairs.push([decodeComponent(name), decodeComponent(value)]);
    }
  } catch {
    return undefined;
  }
  return pairs;
}

const decodeComponent = (part: string) => decodeURIComponent(part.replace(/\+/g, " "));
