// Every program the harness starts runs from the repository root, whoever imports it.
import { resolve } from "node:path";

export const REPO_ROOT = resolve(import.meta.dirname, "..");
