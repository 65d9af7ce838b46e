// A list filter's text: values separated by commas. A task type may itself hold a comma or a
// backslash (identifiers never do), so "\," stands for a comma inside a value and "\\" for a
// backslash; a value with neither reads as it is written.

export function splitListValues(text: string): string[] {
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
