// Text a program writes into the repository (generated types, benchmark figures) formatted as
// `npm run format` would, with the repository's own settings, so `npm run lint` finds it clean.
import { readFileSync } from "node:fs";
import { format } from "oxfmt";

const SETTINGS = JSON.parse(
  readFileSync(new URL("../../.oxfmtrc.json", import.meta.url), "utf8"),
) as Parameters<typeof format>[2];

/** `fileName` tells the language (by its extension); the file itself is not read. */
export async function formatAsCommitted(fileName: string, text: string): Promise<string> {
  const formatted = await format(fileName, text, SETTINGS);
  if (formatted.errors.length > 0) {
    throw new Error(`${fileName}: ${formatted.errors.map((error) => error.message).join("\n")}`);
  }
  return formatted.code;
}
