import "server-only";
import { statSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, stat, unlink, utimes, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";
import { hashPassword, verifyPassword } from "./passwords";
import { normaliseAccess, STAFF_ROLES, storedLocationScopeSchema, type StaffAccess } from "./staff-access";

// Staff and what each may do and see: a JSON file managed by `npm run staff` and the admin page.
// One file every instance reads, which the command line may change while dashboards run: a change
// applies at each member's next request.
//
// Two kinds of member. A password member signs in with the scrypt hash kept here. A single sign-on
// member has no password: the company's identity provider signs them in, and their entry sets
// their role and locations over what their groups map to (sso-access.ts in auth). Keeping both
// here gives an override what a password member's access already has: every instance sees a
// change at the next request (one stat per request), the command line writes it with no dashboard
// running, disabling and ending sessions work the same, and one file holds all of staff's access.

const staffEmailSchema = z.email().max(320);

/** Whether a text can name a member: anything else would leave a staff file no instance can read. */
export function isStaffEmail(text: string): boolean {
  return staffEmailSchema.safeParse(text).success;
}

const memberFields = {
  email: staffEmailSchema,
  name: z.string().min(1),
  addedAt: z.string(),
  /** Set by `npm run staff -- disable`: no sign-in, and their sessions end, until `enable`. */
  disabledAt: z.string().optional(),
  /**
   * When a disable last ended their sessions: a session signed in before then stays ended after an
   * `enable` (a cookie on a lost laptop must not come back with its owner's account).
   */
  sessionsEndedAt: z.string().optional(),
};

const passwordMemberSchema = z.object({
  ...memberFields,
  passwordHash: z.string().startsWith("scrypt$"),
  /** Absent in a file written before roles existed: such a member keeps what all staff had then. */
  role: z.enum(STAFF_ROLES).optional(),
  locations: storedLocationScopeSchema.optional(),
});

const singleSignOnMemberSchema = z.object({
  ...memberFields,
  signIn: z.literal("single_sign_on"),
  role: z.enum(STAFF_ROLES),
  locations: storedLocationScopeSchema,
});

const staffMemberSchema = z.union([passwordMemberSchema, singleSignOnMemberSchema]);

const staffFileSchema = z.object({
  staff: z.array(staffMemberSchema),
  /**
   * Single sign-on people whose entry was removed after their sessions had been ended (a disable),
   * by email: a session of theirs signed in before then stays ended, though the group mapping lets
   * them in again.
   */
  endedSessions: z.record(z.string(), z.string()).optional(),
});

export type StaffMember = z.infer<typeof staffMemberSchema>;
type SingleSignOnMember = z.infer<typeof singleSignOnMemberSchema>;
type StaffFile = z.infer<typeof staffFileSchema>;

/** How a member signs in: with a password kept here, or by the company's single sign-on. */
export type SignInWay = "password" | "single_sign_on";

const signsInBySso = (member: StaffMember): member is SingleSignOnMember => "signIn" in member;

export function signInOf(member: StaffMember): SignInWay {
  return signsInBySso(member) ? member.signIn : "password";
}

/** What a member may do: a member listed before roles existed saw and changed everything, and still does. */
export function accessOf(member: StaffMember): StaffAccess {
  return { role: member.role ?? "admin", locations: member.locations ?? "all" };
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

async function readStaffFile(file: string): Promise<StaffFile> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { staff: [] };
    throw error;
  }
  return staffFileSchema.parse(JSON.parse(text));
}

export async function readStaff(file: string): Promise<StaffMember[]> {
  return (await readStaffFile(file)).staff;
}

interface Listed {
  way: SignInWay;
  /** What they may do; undefined while disabled. */
  access: StaffAccess | undefined;
  /** When their sessions were last ended (a disable, or a password member's add), in ms. */
  sessionsEndedAt?: number;
}

interface Members {
  version: string;
  /** Every member, by email, with how they sign in and what they may do. */
  listed: Map<string, Listed>;
  /** When the sessions of single sign-on people taken off the list were ended, by email, in ms. */
  endedSessions: Map<string, number>;
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
 * What the staff file says of one person signing in one way: nothing (not listed that way), that
 * they may do nothing now (disabled, or the session asking is from before their sessions were
 * ended), or what they may do.
 */
export type Standing = { kind: "unlisted" } | { kind: "refused" } | { kind: "listed"; access: StaffAccess };

/**
 * The staff file's word on this person signing in `way`, read again whenever the file changed:
 * `npm run staff` or the Staff page applies at the person's next request, on every instance
 * reading the file, for the price of a (synchronous) stat per request.
 *
 * A file that cannot be read or parsed (an editor's half-written save, a bad deployment) does not
 * sign everyone out: the members last read stand, and `onStale` is told. Only a file missing for
 * STAFF_FILE_MISSING_GRACE_MS lists nobody (the CLI replaces it by a rename, so it is never
 * missing for a moment; other tools may delete and write it again). Without a last read, a
 * failure throws.
 */
export async function staffStanding(
  file: string,
  email: string,
  way: SignInWay,
  { onStale, now = Date.now, signedInAtMs }: MembershipOptions = {},
): Promise<Standing> {
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
  const key = normaliseEmail(email);
  // A password member's entry says nothing of a single sign-on session with the same email, nor the
  // other way round: each way in answers for its own sessions.
  const listed = members.listed.get(key);
  const mine = listed?.way === way ? listed : undefined;
  const ended = (at: number | undefined) =>
    at !== undefined && signedInAtMs !== undefined && signedInAtMs <= at;
  const before = way === "single_sign_on" ? members.endedSessions.get(key) : undefined;
  if (ended(before) || (mine && ended(mine.sessionsEndedAt))) return { kind: "refused" };
  if (!mine) return { kind: "unlisted" };
  return mine.access ? { kind: "listed", access: mine.access } : { kind: "refused" };
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
    return { version: "absent", listed: new Map(), endedSessions: new Map() };
  }
  // The CLI replaces the file by a rename, so the inode changes with every write.
  const version = info ? `${info.ino}:${info.size}:${info.mtimeMs}` : "absent";
  if (known?.version === version) {
    delete known.missingSince;
    return known;
  }
  const { staff, endedSessions = {} } = await readStaffFile(file);
  return {
    version,
    listed: new Map(
      staff.map((member) => [
        member.email,
        {
          way: signInOf(member),
          access: member.disabledAt ? undefined : accessOf(member),
          ...(member.sessionsEndedAt ? { sessionsEndedAt: Date.parse(member.sessionsEndedAt) } : {}),
        },
      ]),
    ),
    endedSessions: new Map(Object.entries(endedSessions).map(([email, at]) => [email, Date.parse(at)])),
  };
}

/** A lock not touched for this long was left by a writer that died (a live one touches it). */
const STALE_LOCK_MS = 30_000;
/** How often a writer touches its lock while its change runs (an audit record may take a while). */
const TOUCH_LOCK_MS = 5_000;
/** How long a writer waits for the lock: longer than a dead writer's lock takes to turn stale. */
const LOCK_WAIT_MS = STALE_LOCK_MS + 15_000;

/**
 * Runs a read, change and write of the staff file while no other writer can: the command line, the
 * Staff page and every instance on the disk take the same lock file. Without it two changes at
 * once read the same file and the second write drops the first: a member disabled on the Staff
 * page while `npm run staff add` ran came back enabled. The lock names its holder, who touches it
 * while the change runs and removes it only while it is still theirs.
 */
async function changingStaffFile<T>(file: string, change: () => Promise<T>): Promise<T> {
  await mkdir(dirname(file), { recursive: true });
  const lock = `${file}.lock`;
  const holder = `${process.pid} ${randomUUID()}`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      await writeFile(lock, holder, { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // Gone since (its writer done): undefined, and the next try takes it.
      const held = await stat(lock).catch(whenGone);
      if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) {
        // Another writer may have taken the stale lock away first: the next try finds out.
        await unlink(lock).catch(whenGone);
        continue;
      }
      if (Date.now() > deadline)
        throw new Error(`the staff file is being changed by another writer (${lock}); try again`, {
          cause: error,
        });
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 20));
    }
  }
  const touching = setInterval(() => {
    const now = new Date();
    // A touch that fails leaves the lock to turn stale, the same as a writer that died: the next
    // writer then takes it, and this one's release (below) leaves that writer's lock alone.
    utimes(lock, now, now).catch(() => undefined);
  }, TOUCH_LOCK_MS);
  try {
    return await change();
  } finally {
    clearInterval(touching);
    if ((await readFile(lock, "utf8").catch(whenGone)) === holder) await unlink(lock).catch(whenGone);
  }
}

/** A file gone is an answer (undefined); any other failure is not. */
function whenGone(error: NodeJS.ErrnoException): undefined {
  if (error.code === "ENOENT") return undefined;
  throw error;
}

/** Written to a temporary file and renamed, so a crash never leaves half a file. */
async function writeStaffFile(file: string, { staff, endedSessions }: StaffFile): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  const sorted = [...staff].sort((a, b) => a.email.localeCompare(b.email));
  const content =
    endedSessions && Object.keys(endedSessions).length > 0
      ? { staff: sorted, endedSessions }
      : { staff: sorted };
  await writeFile(temporary, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}

/**
 * Changes one member within the file's lock, from the member as the file then holds them: what
 * `change` records (before it returns) is what is written, whoever changed the member just
 * before. Returning the member unchanged writes nothing; false when the file does not list them.
 */
async function updateMember(
  file: string,
  email: string,
  change: (member: StaffMember) => Promise<StaffMember>,
): Promise<boolean> {
  const key = normaliseEmail(email);
  return changingStaffFile(file, async () => {
    const content = await readStaffFile(file);
    const member = content.staff.find((one) => one.email === key);
    if (!member) return false;
    const changed = await change(member);
    if (changed === member) return true;
    await writeStaffFile(file, {
      ...content,
      staff: content.staff.map((one) => (one === member ? changed : one)),
    });
    return true;
  });
}

/**
 * Adds a member or replaces their password and name. A disabled member stays disabled; an existing
 * member keeps their access unless `access` is given; a new one gets `access`, else a viewer of
 * every location. A single sign-on member is not given a password: that would change how they
 * sign in, which is a removal and an add.
 */
export async function upsertStaffMember(
  file: string,
  email: string,
  name: string,
  password: string,
  access?: StaffAccess,
): Promise<void> {
  const key = normaliseEmail(email);
  // Hashed before the file is locked: the hash is the slow part, and needs nothing of the file.
  const passwordHash = await hashPassword(password);
  await changingStaffFile(file, async () => {
    const content = await readStaffFile(file);
    const others = content.staff.filter((member) => member.email !== key);
    const existing = content.staff.find((member) => member.email === key);
    if (existing && signsInBySso(existing))
      throw new Error(`${key} signs in by single sign-on; remove them before giving them a password`);
    const now = new Date().toISOString();
    // Someone added (or added back after a removal) holds no session from before: a cookie kept
    // from a former membership stays ended. A new password for a listed member keeps what it had.
    const sessionsEndedAt = existing ? existing.sessionsEndedAt : now;
    const member: StaffMember = {
      email: key,
      name,
      passwordHash,
      addedAt: now,
      ...(existing?.disabledAt ? { disabledAt: existing.disabledAt } : {}),
      ...(sessionsEndedAt ? { sessionsEndedAt } : {}),
      ...normaliseAccess(access ?? (existing ? accessOf(existing) : { role: "viewer", locations: "all" })),
    };
    await writeStaffFile(file, { ...content, staff: [...others, member] });
  });
}

/** Records a change in the audit trail, before the change is made; throws when it cannot. */
export type RecordChange = (
  action: "staff_added" | "staff_access_changed" | "staff_removed" | "sessions_ended",
  details: Record<string, unknown>,
) => Promise<void>;

/** The member as written, and whether they were added; or why nothing was. */
export type SingleSignOnChange = { added: boolean; member: StaffMember } | "signs_in_with_password";

/**
 * Lists a person who signs in by single sign-on with this role and locations, which then count
 * instead of what their groups map to, from their next request (sessions already signed in
 * included); or sets the role and locations of one listed so. Adding someone ends no session of
 * theirs: their identity provider still vouches for them. The change is recorded first; an email
 * a password member holds is refused (`signs_in_with_password`), and nothing is recorded or written.
 */
export async function setSingleSignOnMember(
  file: string,
  email: string,
  access: StaffAccess,
  { name, record }: { name?: string; record: RecordChange },
): Promise<SingleSignOnChange> {
  const key = normaliseEmail(email);
  return changingStaffFile(file, () => setSingleSignOnLocked(file, key, access, { name, record }));
}

async function setSingleSignOnLocked(
  file: string,
  key: string,
  access: StaffAccess,
  { name, record }: { name?: string; record: RecordChange },
): Promise<SingleSignOnChange> {
  const content = await readStaffFile(file);
  const existing = content.staff.find((member) => member.email === key);
  if (existing && !signsInBySso(existing)) return "signs_in_with_password";
  const after = normaliseAccess(access);
  const disabled = existing?.disabledAt !== undefined;
  // Checked before anything is recorded or written: a bad email would leave a file no one reads.
  const member = singleSignOnMemberSchema.parse({
    ...(existing ?? { email: key, name: name ?? key, addedAt: new Date().toISOString() }),
    ...(name ? { name } : {}),
    signIn: "single_sign_on",
    ...after,
  });
  if (existing)
    await record("staff_access_changed", {
      email: key,
      sign_in: "single_sign_on",
      before: { ...accessOf(existing), disabled },
      after: { ...after, disabled },
    });
  else
    await record("staff_added", {
      email: key,
      name: name ?? key,
      sign_in: "single_sign_on",
      after: { ...after, disabled },
    });
  const others = content.staff.filter((one) => one.email !== key);
  await writeStaffFile(file, { ...content, staff: [...others, member] });
  return { added: !existing, member };
}

/**
 * Takes a single sign-on member off the staff file: what their groups map to counts again from
 * their next request, and sessions a disable ended stay ended. Recorded first. A disabled member
 * stays (`disabled`): off the list, their groups would let them in again.
 */
export async function removeSingleSignOnMember(
  file: string,
  email: string,
  record: RecordChange,
): Promise<"removed" | "not_listed" | "disabled"> {
  const key = normaliseEmail(email);
  return changingStaffFile(file, async () => {
    const content = await readStaffFile(file);
    const member = content.staff.find((one) => one.email === key);
    if (!member || !signsInBySso(member)) return "not_listed";
    if (member.disabledAt) return "disabled";
    await record("staff_removed", {
      email: key,
      sign_in: "single_sign_on",
      before: { ...accessOf(member), disabled: false },
      after: "group mapping",
    });
    await writeStaffFile(file, withoutMember(content, member));
    return "removed";
  });
}

/** The file without this member, keeping when a single sign-on member's sessions were ended. */
function withoutMember(content: StaffFile, removed: StaffMember): StaffFile {
  const endedSessions = { ...content.endedSessions };
  const before = endedSessions[removed.email];
  if (
    signsInBySso(removed) &&
    removed.sessionsEndedAt &&
    (!before || Date.parse(before) < Date.parse(removed.sessionsEndedAt))
  )
    endedSessions[removed.email] = removed.sessionsEndedAt;
  return { staff: content.staff.filter((member) => member !== removed), endedSessions };
}

/**
 * Removes a member, recorded first from the member as the file then holds them, with the end of
 * their sessions; false when the file does not list them.
 */
export function removeStaffMember(file: string, email: string, record: RecordChange): Promise<boolean> {
  return changingStaffFile(file, async () => {
    const content = await readStaffFile(file);
    const removed = content.staff.find((member) => member.email === normaliseEmail(email));
    if (!removed) return false;
    await record("staff_removed", {
      email: removed.email,
      before: { ...accessOf(removed), disabled: removed.disabledAt !== undefined },
    });
    await record("sessions_ended", { email: removed.email, how: "removed" });
    await writeStaffFile(file, withoutMember(content, removed));
    return true;
  });
}

/**
 * Disables or enables a member, recorded first (and a disable's end of their sessions); setting
 * what is already so records and changes nothing. False when the file does not list them.
 */
export function setStaffDisabled(
  file: string,
  email: string,
  disabled: boolean,
  record: RecordChange,
): Promise<boolean> {
  return updateMember(file, email, async (member) => {
    const { disabledAt, ...enabled } = member;
    if ((disabledAt !== undefined) === disabled) return member;
    const before = { ...accessOf(member), disabled: !disabled };
    await record("staff_access_changed", { email: member.email, before, after: { ...before, disabled } });
    if (!disabled) return enabled;
    await record("sessions_ended", { email: member.email, how: "disabled" });
    const now = new Date().toISOString();
    return { ...enabled, disabledAt: now, sessionsEndedAt: now };
  });
}

/** Sets a member's role and locations, recorded first; false when the file does not list them. */
export function setStaffAccess(
  file: string,
  email: string,
  access: StaffAccess,
  record: RecordChange,
): Promise<boolean> {
  return updateMember(file, email, async (member) => {
    const after = normaliseAccess(access);
    const disabled = member.disabledAt !== undefined;
    await record("staff_access_changed", {
      email: member.email,
      before: { ...accessOf(member), disabled },
      after: { ...after, disabled },
    });
    return { ...member, ...after };
  });
}

/**
 * The member when the password matches and they are not disabled; undefined otherwise, in the same
 * time either way. A single sign-on member has no password here, so none matches.
 */
export async function authenticateStaff(
  file: string,
  email: string,
  password: string,
): Promise<{ email: string; name: string; addedAt: string } | undefined> {
  const member = (await readStaff(file)).find((candidate) => candidate.email === normaliseEmail(email));
  const hash = member && !signsInBySso(member) ? member.passwordHash : undefined;
  if (!(await verifyPassword(password, hash)) || !member || hash === undefined || member.disabledAt)
    return undefined;
  return { email: member.email, name: member.name, addedAt: member.addedAt };
}
