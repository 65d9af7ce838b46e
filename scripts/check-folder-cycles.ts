// `npm run lint`'s check that no two folders import each other, directly or around a loop. Exits 1
// and names each loop's imports, so the shared piece can be moved below both.
import { resolve } from "node:path";
import { folderCycles, folderEdges, sourceFiles, type FolderEdge } from "./folder-cycles";

// Planted on purpose for test/lint-rules.test.ts.
const PLANTED = ["test/fixtures"];

const root = resolve(import.meta.dirname, "..");
const edges = folderEdges(root, sourceFiles(root, PLANTED));
const cycles = folderCycles(edges);

function describe(group: readonly string[]): string {
  const inside = (edge: FolderEdge) => group.includes(edge.from) && group.includes(edge.to);
  const lines = edges.filter(inside).map((edge) => `  ${edge.importer} -> ${edge.imported}`);
  return [`Folders that import each other: ${group.join(", ")}`, ...lines].join("\n");
}

if (cycles.length > 0) {
  console.error(cycles.map(describe).join("\n\n"));
  process.exitCode = 1;
}
