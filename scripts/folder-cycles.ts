// Import cycles between folders: a folder whose files import another's, which imports back (through
// any number of folders), is one layer split in two, and neither half can be read, tested or moved
// alone. A file-level check misses most of them, since the two directions usually run through
// different files. Only what runs counts: type-only imports and import() are left out.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs)$/;
const NOT_SOURCE = new Set([
  "node_modules",
  ".git",
  ".data",
  "coverage",
  "test-results",
  "playwright-report",
]);
const TRIED = ["", ".ts", ".tsx", ".mts", ".js", ".mjs", "/index.ts", "/index.tsx"];

/** One import between two folders: the file that imports and the file it names. */
export interface FolderEdge {
  from: string;
  to: string;
  importer: string;
  imported: string;
}

/** The repository's source files, relative to root, leaving out the given folders. */
export function sourceFiles(root: string, skipped: readonly string[] = [], dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    const rel = relative(root, path);
    if (entry.isDirectory()) {
      const skip = NOT_SOURCE.has(entry.name) || entry.name.startsWith(".next") || skipped.includes(rel);
      return skip ? [] : sourceFiles(root, skipped, path);
    }
    return SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts") ? [rel] : [];
  });
}

function isTypeOnly(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) {
    const named = statement.exportClause;
    const allTypes =
      named !== undefined && ts.isNamedExports(named) && named.elements.every((e) => e.isTypeOnly);
    return statement.isTypeOnly || (allTypes && named.elements.length > 0);
  }
  const clause = statement.importClause;
  if (clause === undefined) return false;
  const named = clause.namedBindings;
  const allTypes =
    named !== undefined && ts.isNamedImports(named) && named.elements.every((e) => e.isTypeOnly);
  return clause.isTypeOnly || (clause.name === undefined && allTypes && named.elements.length > 0);
}

function runtimeSpecifiers(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) return [];
    const specifier = statement.moduleSpecifier;
    if (specifier === undefined || !ts.isStringLiteral(specifier) || isTypeOnly(statement)) return [];
    return [specifier.text];
  });
}

/** The repository file an import names (`@/` is the root), or undefined for a package. */
function resolveImport(root: string, importer: string, specifier: string): string | undefined {
  const local = specifier.startsWith(".") ? resolve(root, dirname(importer), specifier) : undefined;
  const base = specifier.startsWith("@/") ? join(root, specifier.slice(2)) : local;
  if (base === undefined) return undefined;
  const found = TRIED.map((tail) => base + tail).find((path) => existsSync(path) && statSync(path).isFile());
  return found === undefined ? undefined : relative(root, found);
}

/** A folder holds its subfolders: reaching into one's own subfolder or up to one's own parent is not a cycle. */
function nested(a: string, b: string): boolean {
  return a === b || a === "." || b === "." || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

export function folderEdges(root: string, files: readonly string[]): FolderEdge[] {
  return files.flatMap((importer) =>
    runtimeSpecifiers(join(root, importer)).flatMap((specifier) => {
      const imported = resolveImport(root, importer, specifier);
      if (imported === undefined || nested(dirname(importer), dirname(imported))) return [];
      return [{ from: dirname(importer), to: dirname(imported), importer, imported }];
    }),
  );
}

/** The groups of folders that reach each other (Tarjan's strongly connected components), two or more each. */
export function folderCycles(edges: readonly FolderEdge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const edge of edges) next.set(edge.from, (next.get(edge.from) ?? new Set()).add(edge.to));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (folder: string) => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder)!);
    stack.push(folder);
    for (const to of next.get(folder) ?? []) {
      if (!index.has(to)) visit(to);
      if (stack.includes(to)) low.set(folder, Math.min(low.get(folder)!, low.get(to)!));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const group = stack.splice(stack.indexOf(folder));
    if (group.length > 1) groups.push(group.sort());
  };
  for (const folder of next.keys()) if (!index.has(folder)) visit(folder);
  return groups;
}
