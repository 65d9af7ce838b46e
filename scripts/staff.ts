// `npm run staff -- add|access|remove|disable|enable|list`: manages the staff who may sign in with a
// password, the single sign-on people whose role and locations are set here over what their groups
// map to, and what each may do and see. The password is read from standard input so it never
// appears in shell history or `ps`.
import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import {
  accessOf,
  describeAccess,
  isStaffEmail,
  leaveStaffAuditRecord,
  normaliseEmail,
  parseLocationScope,
  readStaff,
  removeSingleSignOnMember,
  removeStaffMember,
  setSingleSignOnMember,
  setStaffAccess,
  setStaffDisabled,
  signInOf,
  STAFF_ROLES,
  upsertStaffMember,
  type StaffAccess,
  type StaffRole,
} from "../lib/server/staff";

/** Who the audit trail names for a change made here: the command line and the account running it. */
const ACTOR = `command line (${userInfo().username})`;

const USAGE = `Usage: npm run staff -- <command>
  add EMAIL [--name "Full Name"] [--role viewer|admin] [--locations all|ID,ID...]
                                   then type the password (or pipe it: echo "$PW" | npm run staff -- add EMAIL)
                                   a new member is a viewer of all locations unless told otherwise
  add EMAIL --sso --role viewer|admin --locations all|ID,ID... [--name "Full Name"]
                                   someone who signs in by single sign-on: these count over their groups
  access EMAIL --role viewer|admin --locations all|ID,ID...
                                   change what a member may do and see (at their next request)
  remove EMAIL                     a single sign-on member goes back to what their groups give
  disable EMAIL | enable EMAIL     keep the account but refuse its sign-ins and end its sessions
  list
Options: --file PATH (default: $STAFF_FILE or .data/staff.json)`;

class UsageError extends Error {}

/** --role and --locations, both or neither (an existing member keeps theirs). */
function accessOption(role: string | undefined, locations: string | undefined): StaffAccess | undefined {
  if (role === undefined && locations === undefined) return undefined;
  if (role === undefined || locations === undefined)
    throw new UsageError("Give --role and --locations together (--locations all for every location).");
  if (!(STAFF_ROLES as readonly string[]).includes(role))
    throw new UsageError(`--role must be one of ${STAFF_ROLES.join(", ")}.`);
  try {
    return { role: role as StaffRole, locations: parseLocationScope(locations) };
  } catch {
    throw new UsageError("--locations must be all, or location ids separated by commas.");
  }
}

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
    options: {
      name: { type: "string" },
      file: { type: "string" },
      role: { type: "string" },
      locations: { type: "string" },
      sso: { type: "boolean" },
    },
  });
  const file = values.file ?? process.env.STAFF_FILE ?? ".data/staff.json";
  const [command, email] = positionals;
  const access = accessOption(values.role, values.locations);
  if (command === "add" && email && !isStaffEmail(normaliseEmail(email)))
    throw new UsageError(`${email} is not an email address.`);
  // Each change is recorded before it is made, so the trail never lacks one that happened.
  const record = (action: string, details: Record<string, unknown>) =>
    leaveStaffAuditRecord(file, ACTOR, action, details);
  const member = email
    ? (await readStaff(file)).find((one) => one.email === normaliseEmail(email))
    : undefined;
  const accessNow = member && { ...accessOf(member), disabled: member.disabledAt !== undefined };
  if (command === "list") {
    for (const member of await readStaff(file)) {
      const disabled = member.disabledAt ? `\tdisabled ${member.disabledAt}` : "";
      const way = signInOf(member) === "single_sign_on" ? "single sign-on" : "password";
      console.log(
        `${member.email}\t${member.name}\t${way}\t${describeAccess(accessOf(member))}\tadded ${member.addedAt}${disabled}`,
      );
    }
    return 0;
  }
  if (command === "add" && email && values.sso) {
    if (!access) throw new UsageError("Give --role and --locations with --sso.");
    const outcome = await setSingleSignOnMember(file, email, access, { name: values.name, record });
    if (outcome === "signs_in_with_password") {
      console.error(`${email} signs in with a password; remove them first to list them for single sign-on.`);
      return 1;
    }
    console.log(
      `${email} is ${describeAccess(accessOf(outcome.member))} when signed in by single sign-on, whatever their groups say, from their next request.`,
    );
    return 0;
  }
  if (command === "add" && email) {
    if (member && signInOf(member) === "single_sign_on") {
      console.error(`${email} signs in by single sign-on; remove them first to give them a password.`);
      return 1;
    }
    const password = await readPassword();
    if (password.length < 12) {
      console.error("The password must have at least 12 characters.");
      return 2;
    }
    const name = values.name ?? email;
    const after = access ?? (member ? accessOf(member) : { role: "viewer", locations: "all" });
    await record(member ? "staff_password_set" : "staff_added", {
      email: normaliseEmail(email),
      name,
      ...(member ? { before: accessNow } : {}),
      after: { ...after, disabled: accessNow?.disabled ?? false },
    });
    await upsertStaffMember(file, email, name, password, access);
    const added = (await readStaff(file)).find((one) => one.email === normaliseEmail(email));
    console.log(`${email} may now sign in, as ${describeAccess(added ? accessOf(added) : after)}.`);
    return 0;
  }
  if (command === "access" && email) {
    if (!access) throw new UsageError("Give --role and --locations.");
    if (await setStaffAccess(file, email, access, record)) {
      console.log(`${email} is now ${describeAccess(access)}, from their next request.`);
      return 0;
    }
    console.error(`${email} is not in ${file}.`);
    return 1;
  }
  if (command === "remove" && email && member && signInOf(member) === "single_sign_on") {
    const outcome = await removeSingleSignOnMember(file, email, record);
    if (outcome !== "removed") {
      console.error(
        outcome === "disabled"
          ? `${email} is disabled: enable them first, or their groups would let them in again.`
          : `${email} is not in ${file}.`,
      );
      return 1;
    }
    console.log(`${email} removed; from their next request their groups decide what they may do.`);
    return 0;
  }
  if (command === "remove" && email) {
    if (await removeStaffMember(file, email, record)) {
      console.log(
        `${email} removed; their sessions end at their next request (on every instance reading this file).`,
      );
      return 0;
    }
    console.error(`${email} is not in ${file}.`);
    return 1;
  }
  if ((command === "disable" || command === "enable") && email) {
    const disabled = command === "disable";
    if (await setStaffDisabled(file, email, disabled, record)) {
      console.log(
        disabled
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

try {
  process.exitCode = await main();
} catch (error) {
  // A mistake on the command line is answered with what to type, not a stack trace.
  const code = (error as { code?: unknown }).code;
  const misTyped = typeof code === "string" && code.startsWith("ERR_PARSE_ARGS");
  if (!(error instanceof UsageError) && !misTyped) throw error;
  console.error(`${(error as Error).message}\n\n${USAGE}`);
  process.exitCode = 2;
}
