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
import { createClient, describeClients, readClientToCreate, revoke, rotateSecret } from "./client-commands";
import { importNdjson, type ImportKind } from "./import-ndjson";
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

/** A command whose command line was checked whole; it runs once the store is open. */
type Command = (store: Store) => Promise<string>;

/**
 * Reads the whole command line (command, its arguments and options) before anything touches the
 * store: a typo must cost nothing, neither a new store's initdb nor a connection, and must be
 * told as a usage mistake even where the store cannot be reached.
 */
function commandOf(args: string[]): Command {
  const { group, command, target, values } = parseArguments(args);
  switch (`${group} ${command}`) {
    case "import locations":
    case "import tasks": {
      const kind = command as ImportKind;
      if (!target) throw new UsageError(`import ${kind} needs a file`);
      if (!existsSync(target)) throw new UsageError(`No such file: ${target}`);
      return async (store) => `imported ${await importNdjson(store, kind, target)} ${kind}`;
    }
    case "clients create": {
      if (!values.id || !values.scopes) throw new UsageError("clients create needs --id and --scopes");
      const client = readClientToCreate({ ...values, id: values.id, scopes: values.scopes }, new Date());
      return async (store) => {
        const secret = await createClient(store, client);
        return `client_id:     ${client.client_id}\nclient_secret: ${secret}\nThe secret is shown only this once; store it now.`;
      };
    }
    case "clients list":
      return describeClients;
    case "clients revoke": {
      if (!target) throw new UsageError("clients revoke needs a client id");
      return async (store) => {
        await revoke(store, target);
        return `revoked ${target}; its tokens are refused from now on`;
      };
    }
    case "clients rotate-secret": {
      if (!target) throw new UsageError("clients rotate-secret needs a client id");
      return async (store) => {
        const secret = await rotateSecret(store, target);
        return `client_secret: ${secret}\nThe old secret no longer works. The new one is shown only this once.`;
      };
    }
    case "keys rotate":
      return rotateKeys;
    case "keys list":
      return describeKeys;
    default:
      throw new UsageError(USAGE);
  }
}

async function rotateKeys(store: Store): Promise<string> {
  const key = await generateSigningKey();
  await store.transaction((tx) =>
    insertActiveSigningKey(tx, { kid: key.kid, public_jwk: key.publicJwk, private_jwk: key.privateJwk }),
  );
  return `new signing key ${key.kid}; running services switch to it within a minute`;
}

async function describeKeys(store: Store): Promise<string> {
  return (await listSigningKeys(store))
    .map((key) => `${key.kid}\t${key.active ? "active" : "verify-only"}\t${key.created_at.toISOString()}`)
    .join("\n");
}

/** node:util's own errors (an unknown option, one without its value) are usage mistakes too. */
function parseArguments(args: string[]) {
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
    return { group, command, target, values };
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      throw new UsageError(`${(error as Error).message}\n${USAGE}`);
    }
    throw error;
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
    const command = commandOf(args);
    const config = loadConfig(env);
    const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      output.log(await command(store));
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
