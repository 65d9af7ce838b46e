// The operator CLI's commands, apart from the process that runs them (main.ts), so that its tests
// can run a command without paying a process start for each.
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { generateSigningKey } from "../auth/signing-key";
import { ConfigError, loadConfig } from "../config";
import { insertActiveSigningKey, listSigningKeys } from "../repositories/signing-keys-repository";
import { DataDirInUseError } from "../store/data-dir-lock";
import { openStore } from "../store/open-store";
import type { Store } from "../store/store";
import { createClient, describeClients, revoke, rotateSecret } from "./client-commands";
import { importNdjson } from "./import-ndjson";
import { UsageError } from "./usage-error";

const USAGE = `Usage: npm run vts -- <command>
  import locations FILE.ndjson     import or update locations (one transaction)
  import tasks FILE.ndjson         import or update tasks (one transaction)
  clients create --id ID --scopes "tasks:read locations:read" [--expires DATE|ISO] [--description TEXT]
  clients list
  clients revoke ID
  clients rotate-secret ID
  keys rotate                      new signing key; old keys stay valid for the tokens they signed
  keys list`;

interface Invocation {
  group: string | undefined;
  command: string | undefined;
  target: string | undefined;
  values: { id?: string; scopes?: string; expires?: string; description?: string };
}

/** Reads the arguments before anything touches the store, so a typo costs nothing. */
function parseInvocation(args: string[]): Invocation {
  try {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        id: { type: "string" },
        scopes: { type: "string" },
        expires: { type: "string" },
        description: { type: "string" },
      },
    });
    const [group, command, target] = positionals;
    if (group === "import" && target && !existsSync(target)) throw new UsageError(`No such file: ${target}`);
    return { group, command, target, values };
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      throw new UsageError(`${(error as Error).message}\n${USAGE}`);
    }
    throw error;
  }
}

async function run(store: Store, { group, command, target, values }: Invocation): Promise<string> {
  switch (`${group} ${command}`) {
    case "import locations":
    case "import tasks": {
      if (!target) throw new UsageError(`import ${command} needs a file`);
      const count = await importNdjson(store, command as "locations" | "tasks", target);
      return `imported ${count} ${command}`;
    }
    case "clients create": {
      if (!values.id || !values.scopes) throw new UsageError("clients create needs --id and --scopes");
      const secret = await createClient(store, { ...values, id: values.id, scopes: values.scopes });
      return `client_id:     ${values.id}\nclient_secret: ${secret}\nThe secret is shown only this once; store it now.`;
    }
    case "clients list":
      return describeClients(store);
    case "clients revoke":
      if (!target) throw new UsageError("clients revoke needs a client id");
      await revoke(store, target);
      return `revoked ${target}; its tokens are refused from now on`;
    case "clients rotate-secret": {
      if (!target) throw new UsageError("clients rotate-secret needs a client id");
      const secret = await rotateSecret(store, target);
      return `client_secret: ${secret}\nThe old secret no longer works. The new one is shown only this once.`;
    }
    case "keys rotate": {
      const key = await generateSigningKey();
      await store.transaction((tx) =>
        insertActiveSigningKey(tx, { kid: key.kid, public_jwk: key.publicJwk, private_jwk: key.privateJwk }),
      );
      return `new signing key ${key.kid}; running services switch to it within a minute`;
    }
    case "keys list":
      return (await listSigningKeys(store))
        .map((key) => `${key.kid}\t${key.active ? "active" : "verify-only"}\t${key.created_at.toISOString()}`)
        .join("\n");
    default:
      throw new UsageError(USAGE);
  }
}

/** What the CLI prints on: the console when run as `npm run vts`, a buffer in the CLI's tests. */
export interface CliOutput {
  log(text: string): void;
  error(text: string): void;
}

/** Runs one CLI command and returns its exit code: 0 done, 2 a usage or configuration mistake, 1 else. */
export async function runCommandLine(
  args: string[],
  env: Record<string, string | undefined>,
  output: CliOutput,
): Promise<number> {
  try {
    const invocation = parseInvocation(args);
    const config = loadConfig(env);
    const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      output.log(await run(store, invocation));
      return 0;
    } finally {
      await store.close();
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirInUseError) {
      output.error(error.message);
      return 2;
    }
    // Anything else is still an operator's problem to read, not a stack trace to decode.
    output.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
