import "server-only";
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { statSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";

// Staff who may sign in with a password: a JSON file with scrypt hashes, managed by `npm run staff`.

const staffMemberSchema = z.object({
  email: z.email(),
  name: z.string().min(1),
  passwordHash: z.string().startsWith("scrypt$"),
  addedAt: z.string(),
  /** Set by `npm run staff -- disable`: no sign-in, and their sessions end, until `enable`. */
  disabledAt: z.string().optional(),
});
const staffFileSchema = z.object({ staff: z.array(staffMemberSchema) });

export type StaffMember = z.infer<typeof staffMemberSchema>;

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

/** The file's emails as last read, the stat that says whether it changed since, and since when it is missing. */
const memberships = new Map<string, { version: string; emails: Set<string>; missingSince?: number }>();

/** How long a file that was read before may be missing before it counts as listing nobody. */
export const STAFF_FILE_MISSING_GRACE_MS = 10_000;

export interface MembershipOptions {
  /** A read or parse failure, or a missing file, answered from the members last read. */
  onStale?: (error: unknown) => void;
  now?: () => number;
}

/**
 * Whether the staff file lists this email, not disabled, read again whenever the file changed:
 * `npm run staff -- remove` or `disable` ends a member's sessions at their next request, on every
 * instance reading the file, for the price of a (synchronous) stat per request.
 *
 * A file that cannot be read or parsed (an editor's half-written save, a bad deployment) does not
 * sign every password user out: the members last read stand, and `onStale` is told. Only a file
 * missing for STAFF_FILE_MISSING_GRACE_MS lists nobody (the CLI replaces it by a rename, so it is
 * never missing for a moment; other tools may delete and write it again). Without a last read, a
 * failure throws.
 */
export async function isStaffMember(
  file: string,
  email: string,
  { onStale, now = Date.now }: MembershipOptions = {},
): Promise<boolean> {
  const known = memberships.get(file);
  try {
    const current = await currentMembers(file, known, now());
    if (current !== known) memberships.set(file, current);
    return current.emails.has(normaliseEmail(email));
  } catch (error) {
    if (!known) throw error;
    onStale?.(error);
    return known.emails.has(normaliseEmail(email));
  }
}

async function currentMembers(
  file: string,
  known: { version: string; emails: Set<string>; missingSince?: number } | undefined,
  now: number,
) {
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
    return { version: "absent", emails: new Set<string>() };
  }
  // The CLI replaces the file by a rename, so the inode changes with every write.
  const version = info ? `${info.ino}:${info.size}:${info.mtimeMs}` : "absent";
  if (known?.version === version) {
    delete known.missingSince;
    return known;
  }
  const active = (await readStaff(file)).filter((member) => !member.disabledAt);
  return { version, emails: new Set(active.map((member) => member.email)) };
}

/** Written to a temporary file and renamed, so a crash never leaves half a file. */
async function writeStaff(file: string, staff: StaffMember[]): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify({ staff }, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}

/** Adds a member or replaces their password and name (a disabled member stays disabled). */
export async function upsertStaffMember(
  file: string,
  email: string,
  name: string,
  password: string,
): Promise<void> {
  const key = normaliseEmail(email);
  const staff = await readStaff(file);
  const others = staff.filter((member) => member.email !== key);
  const disabledAt = staff.find((member) => member.email === key)?.disabledAt;
  const member = {
    email: key,
    name,
    passwordHash: await hashPassword(password),
    addedAt: new Date().toISOString(),
    ...(disabledAt ? { disabledAt } : {}),
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
export async function setStaffDisabled(file: string, email: string, disabled: boolean): Promise<boolean> {
  const staff = await readStaff(file);
  const key = normaliseEmail(email);
  if (!staff.some((member) => member.email === key)) return false;
  await writeStaff(
    file,
    staff.map((member) => {
      if (member.email !== key) return member;
      const { disabledAt, ...enabled } = member;
      return disabled ? { ...enabled, disabledAt: disabledAt ?? new Date().toISOString() } : enabled;
    }),
  );
  return true;
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

// Staff passwords are chosen by people, so unlike service secrets they get a slow hash (scrypt).

const PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize("NFC"),
      salt,
      KEY_LENGTH,
      { ...params, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/** Format: scrypt$N$r$p$salt$hash (base64url), so parameters can be raised later. */
async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join(
    "$",
  );
}

const DUMMY_HASH = hashPassword(randomBytes(16).toString("hex"));

/** Takes as long for an unknown account (pass undefined) as for a wrong password. */
async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = (stored ?? (await DUMMY_HASH)).split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return stored !== undefined && actual.length === expected.length && timingSafeEqual(actual, expected);
}
