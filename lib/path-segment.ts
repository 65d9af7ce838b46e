// Percent-decoding that says when it cannot: a byte that is not UTF-8 or a stray "%" gives
// undefined instead of throwing.
export function decodedOrUndefined(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

// Next hands a page its dynamic path segment as it was in the address, percent-encoding and all
// (/tasks/%E2%9C%93), so a page decodes it once before showing or requesting it.
export function decodePathSegment(segment: string): string {
  return decodedOrUndefined(segment) ?? segment;
}
