// Next hands a page its dynamic path segment as it was in the address, percent-encoding and all
// (/tasks/%E2%9C%93), so a page decodes it once before showing or requesting it.
export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
