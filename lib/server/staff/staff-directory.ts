import "server-only";
import { statSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";
import { hashPassword, verifyPassword } from "./passwords";
import { locationScopeSchema, normaliseAccess, STAFF_ROLES, type StaffAccess } from "./staff-access";

// Staff who may sign in with a password, and what each may do and see: a JSON file with scrypt
// hashes, managed by `npm run staff` and the admin page. One file every instance reads, which the
// command line may change while dashboards run: a change applies at each member's next request.

const staffMemberSchema = z.object({
  email: z.email(),
  name: z.string().min(1),
  passwordHash: z.string().startsWith("scrypt$"),
  addedAt: z.string(),
  /** Set by `npm run staff -- disable`: no sign-in, and their sessions end, until `enable`. */
  disabledAt: z.string().optional(),
  /**
   * When a disable last ended their sessions: a session signed in before then stays ended after an
   * `enable` (a cookie on a lost laptop must not come back with its owner's account).
   */
  sessionsEndedAt: z.string().optional(),
  /** Absent in a file written before roles existed: such a member keeps what all staff had then. */
  role: z.enum(STAFF_ROLES).optional(),
  locations: locationScopeSchema.optional(),
});
const staffFileSchema = z.object({ staff: z.array(staffMemberSchema) });

export type StaffMember = z.infer<typeof staffMemberSchema>;

/** What a member may do: a member listed before roles existed saw and changed everything, and still does. */
export function accessOf(member: StaffMember): StaffAccess {
  return { role: member.role ?? "admin", locations: member.locations ?? "all" };
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function readStaff(file: string): Promise<StaffMember[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return staffFileSchema.parse(JSON.parse(text)).staff;
}

interface Members {
  version: string;
  /** The members not disabled, by email, with what each may do. */
  access: Map<string, StaffAccess>;
  /** When each member's sessions were last ended, by email, in ms. */
  sessionsEndedAt: Map<string, number>;
  missingSince?: number;
}

/** The file's members as last read, the stat that says whether it changed since, and since when it is missing. */
const memberships = new Map<string, Members>();

/** How long a file that was read before may be missing before it counts as listing nobody. */
export const STAFF_FILE_MISSING_GRACE_MS = 10_000;

export interface MembershipOptions {
  /** A read or parse failure, or a missing file, answered from the members last read. */
  onStale?: (error: unknown) => void;
  now?: () => number;
  /** When the session asking signed in: one from before the member's sessions were ended has none. */
  signedInAtMs?: number;
}

/**
 * What this member may do, if the staff file lists them, not disabled; read again whenever the file
 * changed: `npm run staff -- remove`, `disable` or `access` applies at the member's next request, on
 * every instance reading the file, for the price of a (synchronous) stat per request.
 *
 * A file that cannot be read or parsed (an editor's half-written save, a bad deployment) does not
 * sign every password user out: the members last read stand, and `onStale` is told. Only a file
 * missing for STAFF_FILE_MISSING_GRACE_MS lists nobody (the CLI replaces it by a rename, so it is
 * never missing for a moment; other tools may delete and write it again). Without a last read, a
 * failure throws.
 */
export async function staffMemberAccess(
  file: string,
  email: string,
  { onStale, now = Date.now, signedInAtMs }: MembershipOptions = {},
): Promise<StaffAccess | undefined> {
  const known = memberships.get(file);
  let members: Members;
  try {
    members = await currentMembers(file, known, now());
    if (members !== known) memberships.set(file, members);
  } catch (error) {
    if (!known) throw error;
    onStale?.(error);
    members = known;
  }
  const listed = normaliseEmail(email);
  const endedAt = members.sessionsEndedAt.get(listed);
  if (endedAt !== undefined && signedInAtMs !== undefined && signedInAtMs <= endedAt) return undefined;
  return members.access.get(listed);
}

async function currentMembers(file: string, known: Members | undefined, now: number): Promise<Members> {
  // Synchronous on purpose: a stat of a local file is brief on the event loop, while the promise
  // form hands it to libuv's thread pool and back, far longer and a good part of the signed-in
  // route wrapper's own time under load. Still one stat per request, so a removal or
  // a disable ends a member's sessions at their very next request. (On a network filesystem a stat
  // may block longer: keep the staff file on a local disk.)
  const info = statSync(file, { throwIfNoEntry: false });
  if (!info && known && known.version !== "absent") {
    known.missingSince ??= now;
    if (now - known.missingSince < STAFF_FILE_MISSING_GRACE_MS)
      throw new Error(`staff file ${file} is missing`);
    return { version: "absent", access: new Map(), sessionsEndedAt: new Map() };
  }
  // The CLI replaces the file by a rename, so the inode changes with every write.
  const version = info ? `${info.ino}:${info.size}:${info.mtimeMs}` : "absent";
  if (known?.version === version) {
    delete known.missingSince;
    return known;
  }
  const members = await readStaff(file);
  const active = members.filter((member) => !member.disabledAt);
  return {
    version,
    access: new Map(active.map((member) => [member.email, accessOf(member)])),
    sessionsEndedAt: new Map(
      members.flatMap((member) =>
        member.sessionsEndedAt ? [[member.email, Date.parse(member.sessionsEndedAt)] as const] : [],
      ),
    ),
  };
}

/** Written to a temporary file and renamed, so a crash never leaves half a file. */
async function writeStaff(file: string, staff: StaffMember[]): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify({ staff }, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}

/** Rewrites one member; false when the file does not list them. */
async function updateMember(
  file: string,
  email: string,
  change: (member: StaffMember) => StaffMember,
): Promise<boolean> {
  const staff = await readStaff(file);
  const key = normaliseEmail(email);
  if (!staff.some((member) => member.email === key)) return false;
  await writeStaff(
    file,
    staff.map((member) => (member.email === key ? change(member) : member)),
  );
  return true;
}

/**
 * Adds a member or replaces their password and name. A disabled member stays disabled; an existing
 * member keeps their access unless `access` is given; a new one gets `access`, else a viewer of
 * every location.
 */
export async function upsertStaffMember(
  file: string,
  email: string,
  name: string,
  password: string,
  access?: StaffAccess,
): Promise<void> {
  const key = normaliseEmail(email);
  const staff = await readStaff(file);
  const others = staff.filter((member) => member.email !== key);
  const existing = staff.find((member) => member.email === key);
  const now = new Date().toISOString();
  // Someone added (or added back after a removal) holds no session from before: a cookie kept from
  // a former membership stays ended. A new password for a listed member keeps what it had.
  const sessionsEndedAt = existing ? existing.sessionsEndedAt : now;
  const member: StaffMember = {
    email: key,
    name,
    passwordHash: await hashPassword(password),
    addedAt: now,
    ...(existing?.disabledAt ? { disabledAt: existing.disabledAt } : {}),
    ...(sessionsEndedAt ? { sessionsEndedAt } : {}),
    ...normaliseAccess(access ?? (existing ? accessOf(existing) : { role: "viewer", locations: "all" })),
  };
  await writeStaff(
    file,
    [...others, member].sort((a, b) => a.email.localeCompare(b.email)),
  );
}

export async function removeStaffMember(file: string, email: string): Promise<boolean> {
  const staff = await readStaff(file);
  const remaining = staff.filter((member) => member.email !== normaliseEmail(email));
  if (remaining.length === staff.length) return false;
  await writeStaff(file, remaining);
  return true;
}

/** Disables or enables a member; false when the file does not list them. */
export function setStaffDisabled(file: string, email: string, disabled: boolean): Promise<boolean> {
  return updateMember(file, email, (member) => {
    const { disabledAt, ...enabled } = member;
    if (!disabled) return enabled;
    if (disabledAt) return member;
    const now = new Date().toISOString();
    return { ...enabled, disabledAt: now, sessionsEndedAt: now };
  });
}

/** Sets a member's role and locations; false when the file does not list them. */
export function setStaffAccess(file: string, email: string, access: StaffAccess): Promise<boolean> {
  return updateMember(file, email, (member) => ({ ...member, ...normaliseAccess(access) }));
}

/**
 * The member when the password matches and they are not disabled; undefined otherwise, in the same
 * time either way.
 */
export async function authenticateStaff(
  file: string,
  email: string,
  password: string,
): Promise<Omit<StaffMember, "passwordHash"> | undefined> {
  const member = (await readStaff(file)).find((candidate) => candidate.email === normaliseEmail(email));
  if (!(await verifyPassword(password, member?.passwordHash)) || !member || member.disabledAt)
    return undefined;
  return { email: member.email, name: member.name, addedAt: member.addedAt };
}
