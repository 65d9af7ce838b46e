// A list filter's text, as the dashboard API reads it: values separated by commas, "\," for a comma
// inside a value and "\\" for a backslash (only task types can hold either; identifiers never do).
// Part of the wire contract, so the page that writes a link and the API that reads it share one
// reading: the same text sits in the page's address and in the API query.

export function splitListParam(text: string): string[] {
  const values: string[] = [];
  let current = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const next = text[i + 1];
    if (char === "\\" && (next === "," || next === "\\")) {
      current += next;
      i++;
    } else if (char === ",") {
      values.push(current);
      current = "";
    } else current += char;
  }
  values.push(current);
  return values;
}

export function joinListParam(values: readonly string[]): string {
  return values.map((value) => value.replaceAll("\\", "\\\\").replaceAll(",", "\\,")).join(",");
}
