// The browser's scripts and styles, compressed once when the dashboard is built instead of on every
// request: Next compresses what it sends at gzip's default level; brotli at its best, or gzip at 9
// for a client without brotli, sends about a tenth less of every page's first load, and the server
// spends no CPU on it per request. Used by next.config.mjs (writing) and the dashboard's server
// (reading). Plain JavaScript, since next.config.mjs loads it as it is.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/** File name endings the build compresses, with the content type they are sent with. */
export const PRECOMPRESSED_TYPES = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
};

/** Each encoding a client may accept, best first, with the ending of its compressed copy. */
export const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
];

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** @param {string} dir @returns {Promise<string[]>} */
async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter(
      (entry) => entry.isFile() && Object.keys(PRECOMPRESSED_TYPES).some((end) => entry.name.endsWith(end)),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `name.br` and `name.gz` beside every script and style of the build's `static` folder.
 * @param {string} distDir the build directory (`.next`)
 */
export async function precompressStatic(distDir) {
  const files = await filesUnder(join(distDir, "static"));
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
}
