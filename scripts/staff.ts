// `npm run staff -- add|remove|list`: manages the staff who may sign in with a password.
// The password is read from standard input so it never appears in shell history or `ps`.
import { parseArgs } from "node:util";
import { readStaff, removeStaffMember, setStaffDisabled, upsertStaffMember } from "../lib/server/staff";

const USAGE = `Usage: npm run staff -- <command>
  add EMAIL [--name "Full Name"]   then type the password (or pipe it: echo "$PW" | npm run staff -- add EMAIL)
  remove EMAIL
  disable EMAIL | enable EMAIL     keep the account but refuse its sign-ins and end its sessions
  list
Options: --file PATH (default: $STAFF_FILE or .data/staff.json)`;

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stdout.write("Password (min. 12 characters): ");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { name: { type: "string" }, file: { type: "string" } },
  });
  const file = values.file ?? process.env.STAFF_FILE ?? ".data/staff.json";
  const [command, email] = positionals;
  if (command === "list") {
    for (const member of await readStaff(file)) {
      const disabled = member.disabledAt ? `\tdisabled ${member.disabledAt}` : "";
      console.log(`${member.email}\t${member.name}\tadded ${member.addedAt}${disabled}`);
    }
    return 0;
  }
  if (command === "add" && email) {
    const password = await readPassword();
    if (password.length < 12) {
      console.error("The password must have at least 12 characters.");
      return 2;
    }
    await upsertStaffMember(file, email, values.name ?? email, password);
    console.log(`${email} may now sign in.`);
    return 0;
  }
  if (command === "remove" && email) {
    if (await removeStaffMember(file, email)) {
      console.log(
        `${email} removed; their sessions end at their next request (on every instance reading this file).`,
      );
      return 0;
    }
    console.error(`${email} is not in ${file}.`);
    return 1;
  }
  if ((command === "disable" || command === "enable") && email) {
    if (await setStaffDisabled(file, email, command === "disable")) {
      console.log(
        command === "disable"
          ? `${email} disabled; their sessions end at their next request.`
          : `${email} may sign in again.`,
      );
      return 0;
    }
    console.error(`${email} is not in ${file}.`);
    return 1;
  }
  console.error(USAGE);
  return 2;
}

process.exitCode = await main();
