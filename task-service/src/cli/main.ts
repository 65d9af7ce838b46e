// The operator CLI: `npm run vts -- <command>`. Uses the same configuration as the service.
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
  clients create --id ID --scopes "tasks:read locations:read" [--expires ISO] [--description TEXT]
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

async function main(): Promise<number> {
  try {
    const invocation = parseInvocation(process.argv.slice(2));
    const config = loadConfig();
    const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      console.log(await run(store, invocation));
      return 0;
    } finally {
      await store.close();
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirInUseError) {
      console.error(error.message);
      return 2;
    }
    // Anything else is still an operator's problem to read, not a stack trace to decode.
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

process.exitCode = await main();
