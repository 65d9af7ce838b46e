// Why a started program did not answer its health check, in words for the failure message: whether
// its address accepts connections and answers, and what state the process itself is in. A stack
// that once logged "listening" and then answered nothing for two minutes left no clue why.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { connect } from "node:net";

const PROBE_MS = 2_000;

export async function unhealthyDiagnosis(pid: number, healthUrl: string): Promise<string> {
  const url = new URL(healthUrl);
  const port = Number(url.port);
  return [
    `process ${pid}: ${processState(pid)}`,
    `${url.hostname}:${port}: ${await probe(url.hostname, port, url.pathname)}`,
    `listening on port ${port}: ${listeners(port)}`,
  ].join("\n");
}

/** The kernel's word for it: R running, S sleeping, D waiting on a disk, T stopped, Z exited. */
function processState(pid: number): string {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const line = (name: string) => status.match(new RegExp(`^${name}:\\s*(.*)$`, "m"))?.[1] ?? "?";
    return `state ${line("State")}, threads ${line("Threads")}`;
  } catch {
    return "not readable (gone, or no /proc here)";
  }
}

/** A bare request on a socket of its own, so no client pool or agent stands in between. */
function probe(host: string, port: number, path: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let answer = "";
    const done = (verdict: string) => {
      socket.destroy();
      resolve(verdict);
    };
    socket.setTimeout(PROBE_MS, () =>
      done(
        answer
          ? `answered only "${firstLine(answer)}" in ${PROBE_MS} ms`
          : `accepted, no answer in ${PROBE_MS} ms`,
      ),
    );
    socket.on("connect", () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nConnection: close\r\n\r\n`),
    );
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.on("end", () => done(`answered "${firstLine(answer)}"`));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      done(`connect failed: ${error.code ?? error.message}`),
    );
  });
}

function firstLine(text: string): string {
  return text.split("\r\n", 1)[0] ?? "";
}

/** `ss` names the process holding the port, when the machine has it. */
function listeners(port: number): string {
  try {
    const out = execFileSync("ss", ["-Hltnp", `sport = :${port}`], { encoding: "utf8", timeout: PROBE_MS });
    return out.trim() || "nothing";
  } catch {
    return "unknown (no ss here)";
  }
}
