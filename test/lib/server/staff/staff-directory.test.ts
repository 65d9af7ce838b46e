import { mkdtempSync, renameSync, rmSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import {
  authenticateStaff,
  readStaff,
  removeSingleSignOnMember,
  removeStaffMember,
  setSingleSignOnMember,
  setStaffAccess,
  setStaffDisabled,
  staffStanding,
  upsertStaffMember,
  type MembershipOptions,
  type RecordChange,
} from "@/lib/server/staff/staff-directory";

/** For the tests of what the file holds: what the trail records is tested where it is kept. */
const unrecorded: RecordChange = async () => {};

/** What a password member may do, as the session check reads the staff file for a password session. */
async function staffMemberAccess(file: string, email: string, options?: MembershipOptions) {
  const standing = await staffStanding(file, email, "password", options);
  return standing.kind === "listed" ? standing.access : undefined;
}

const isStaffMember = async (file: string, email: string, options?: MembershipOptions) =>
  (await staffMemberAccess(file, email, options)) !== undefined;

/** A staff file in a folder of the test's own, removed when the test ends. */
function staffFile(): string {
  const folder = mkdtempSync(join(tmpdir(), "staff-directory-"));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  return join(folder, "staff.json");
}
const PASSWORD = "a-long-staff-password";

describe("the staff file", () => {
  it("stops listing a member, and refuses their password, once they are removed", async () => {
    const file = staffFile();
    await upsertStaffMember(file, "Ann@Company.example", "Ann", PASSWORD);
    expect(await isStaffMember(file, "ann@company.example")).toBe(true);
    expect(await authenticateStaff(file, "ann@company.example", PASSWORD)).toMatchObject({ name: "Ann" });
    expect(await removeStaffMember(file, "ann@company.example", unrecorded)).toBe(true);
    expect(await isStaffMember(file, "ann@company.example")).toBe(false);
    expect(await authenticateStaff(file, "ann@company.example", PASSWORD)).toBeUndefined();
  });

  it("keeps a disabled member's record but refuses them until enabled, a new password included", async () => {
    const file = staffFile();
    await upsertStaffMember(file, "bob@company.example", "Bob", PASSWORD);
    await upsertStaffMember(file, "cat@company.example", "Cat", PASSWORD);
    expect(await setStaffDisabled(file, "BOB@company.example", true, unrecorded)).toBe(true);
    expect(await isStaffMember(file, "bob@company.example")).toBe(false);
    expect(await isStaffMember(file, "cat@company.example")).toBe(true);
    expect(await authenticateStaff(file, "bob@company.example", PASSWORD)).toBeUndefined();

    await upsertStaffMember(file, "bob@company.example", "Bob", `${PASSWORD}-2`);
    expect(await authenticateStaff(file, "bob@company.example", `${PASSWORD}-2`)).toBeUndefined();
    expect(
      (await readStaff(file)).find((member) => member.email === "bob@company.example")?.disabledAt,
    ).toBeTruthy();

    expect(await setStaffDisabled(file, "bob@company.example", false, unrecorded)).toBe(true);
    expect(await isStaffMember(file, "bob@company.example")).toBe(true);
    expect(await authenticateStaff(file, "bob@company.example", `${PASSWORD}-2`)).toMatchObject({
      name: "Bob",
    });
    expect(await setStaffDisabled(file, "nobody@company.example", true, unrecorded)).toBe(false);
  });

  it("keeps a session signed in before a disable ended after the member is enabled again", async () => {
    const file = staffFile();
    await upsertStaffMember(file, "dee@company.example", "Dee", PASSWORD);
    const before = Date.now() - 1;
    await setStaffDisabled(file, "dee@company.example", true, unrecorded);
    // A second disable, or a new password meanwhile, keeps the moment the sessions ended.
    const { sessionsEndedAt } = (await readStaff(file))[0]!;
    await setStaffDisabled(file, "dee@company.example", true, unrecorded);
    await upsertStaffMember(file, "dee@company.example", "Dee", `${PASSWORD}-2`);
    expect((await readStaff(file))[0]!.sessionsEndedAt).toBe(sessionsEndedAt);
    await setStaffDisabled(file, "dee@company.example", false, unrecorded);
    const after = Date.now() + 1;
    expect(await isStaffMember(file, "dee@company.example", { signedInAtMs: before })).toBe(false);
    expect(await isStaffMember(file, "dee@company.example", { signedInAtMs: after })).toBe(true);
    expect(await isStaffMember(file, "dee@company.example")).toBe(true);
  });

  it("holds none of a member's former sessions once they are removed and added back", async () => {
    const file = staffFile();
    const added = Date.parse("2026-11-02T09:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"], now: added });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    await upsertStaffMember(file, "eve@company.example", "Eve", PASSWORD);
    const formerSession = added + 60_000;
    expect(await isStaffMember(file, "eve@company.example", { signedInAtMs: formerSession })).toBe(true);
    await removeStaffMember(file, "eve@company.example", unrecorded);
    vi.setSystemTime(added + 3_600_000);
    await upsertStaffMember(file, "eve@company.example", "Eve", PASSWORD);
    expect(await isStaffMember(file, "eve@company.example", { signedInAtMs: formerSession })).toBe(false);
    expect(await isStaffMember(file, "eve@company.example", { signedInAtMs: added + 3_660_000 })).toBe(true);
  });

  it("keeps the members last read while the file does not parse, and reports each failed read", async () => {
    const file = staffFile();
    await upsertStaffMember(file, "dan@company.example", "Dan", PASSWORD);
    const problems: unknown[] = [];
    const onStale = (error: unknown) => problems.push(error);
    expect(await isStaffMember(file, "dan@company.example", { onStale })).toBe(true);

    // Replaced as an editor or a half-finished deployment might leave it.
    writeFileSync(`${file}.edit`, '{ "staff": [ {"email": ');
    renameSync(`${file}.edit`, file);
    expect(await isStaffMember(file, "dan@company.example", { onStale })).toBe(true);
    expect(await isStaffMember(file, "eve@company.example", { onStale })).toBe(false);
    expect(problems).toHaveLength(2);

    writeFileSync(`${file}.edit`, JSON.stringify({ staff: [] }));
    renameSync(`${file}.edit`, file);
    expect(await isStaffMember(file, "dan@company.example", { onStale })).toBe(false);
  });

  it("counts a file that went missing as listing nobody only once it stays missing for 10 s", async () => {
    const file = staffFile();
    let now = 1_000_000;
    const options = { now: () => now, onStale: () => {} };
    await upsertStaffMember(file, "fay@company.example", "Fay", PASSWORD);
    expect(await isStaffMember(file, "fay@company.example", options)).toBe(true);
    unlinkSync(file);
    expect(await isStaffMember(file, "fay@company.example", options)).toBe(true);
    now += 9_999;
    expect(await isStaffMember(file, "fay@company.example", options)).toBe(true);
    now += 1;
    expect(await isStaffMember(file, "fay@company.example", options)).toBe(false);
    // A file that was never there lists nobody at once.
    expect(await isStaffMember(staffFile(), "fay@company.example", options)).toBe(false);
  });

  it("gives a new member a viewer's access to every location unless told, and keeps it through a new password", async () => {
    const file = staffFile();
    await upsertStaffMember(file, "gus@company.example", "Gus", PASSWORD);
    await upsertStaffMember(file, "hal@company.example", "Hal", PASSWORD, {
      role: "viewer",
      locations: ["loc_north"],
    });
    expect(await staffMemberAccess(file, "gus@company.example")).toEqual({
      role: "viewer",
      locations: "all",
    });
    expect(await staffMemberAccess(file, "hal@company.example")).toEqual({
      role: "viewer",
      locations: ["loc_north"],
    });

    expect(
      await setStaffAccess(file, "gus@company.example", { role: "admin", locations: "all" }, unrecorded),
    ).toBe(true);
    await upsertStaffMember(file, "gus@company.example", "Gus", `${PASSWORD}-2`);
    expect(await staffMemberAccess(file, "gus@company.example")).toEqual({ role: "admin", locations: "all" });
    expect(
      await setStaffAccess(file, "nobody@company.example", { role: "admin", locations: "all" }, unrecorded),
    ).toBe(false);
  });

  it("records each change of access from the member as the file holds them, when two admins change one at once", async () => {
    const file = staffFile();
    await upsertStaffMember(file, "lou@company.example", "Lou", PASSWORD, {
      role: "viewer",
      locations: "all",
    });
    const records: { action: string; details: Record<string, unknown> }[] = [];
    let recording = () => {};
    const firstIsRecording = new Promise<void>((resolve) => (recording = resolve));
    let finishRecording = () => {};
    const slowRecord: RecordChange = async (action, details) => {
      recording();
      await new Promise<void>((resolve) => (finishRecording = resolve));
      records.push({ action, details });
    };
    const record: RecordChange = async (action, details) => void records.push({ action, details });
    const first = setStaffAccess(
      file,
      "lou@company.example",
      { role: "viewer", locations: ["loc_a"] },
      slowRecord,
    );
    // The second change arrives while the first is still being recorded.
    await firstIsRecording;
    const second = setStaffAccess(
      file,
      "lou@company.example",
      { role: "viewer", locations: ["loc_b"] },
      record,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    finishRecording();
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(records.map(({ details }) => [details.before, details.after])).toEqual([
      [
        { role: "viewer", locations: "all", disabled: false },
        { role: "viewer", locations: ["loc_a"], disabled: false },
      ],
      [
        { role: "viewer", locations: ["loc_a"], disabled: false },
        { role: "viewer", locations: ["loc_b"], disabled: false },
      ],
    ]);
    expect(await staffMemberAccess(file, "lou@company.example")).toEqual({
      role: "viewer",
      locations: ["loc_b"],
    });

    // Disabling one already disabled records nothing; a change the trail refuses is not made.
    await setStaffDisabled(file, "lou@company.example", true, record);
    const recorded = records.length;
    await setStaffDisabled(file, "lou@company.example", true, record);
    expect(records.length).toBe(recorded);
    const refusing: RecordChange = () => Promise.reject(new Error("the trail is away"));
    await expect(
      setStaffAccess(file, "lou@company.example", { role: "admin", locations: "all" }, refusing),
    ).rejects.toThrow("the trail is away");
    expect(await staffMemberAccess(file, "lou@company.example")).toBeUndefined();
    expect((await readStaff(file)).find((one) => one.email === "lou@company.example")).toMatchObject({
      role: "viewer",
      locations: ["loc_b"],
    });
  });

  it("reads a member listed before roles existed as an admin of every location, as all staff then were", async () => {
    const file = staffFile();
    await upsertStaffMember(file, "ivy@company.example", "Ivy", PASSWORD);
    const [member] = await readStaff(file);
    const { role: _role, locations: _locations, ...older } = member!;
    writeFileSync(file, JSON.stringify({ staff: [older] }));
    expect(await staffMemberAccess(file, "ivy@company.example")).toEqual({ role: "admin", locations: "all" });
  });

  it("reads a location id that is no identifier, from a file written before ids had to be, as naming no location", async () => {
    const file = staffFile();
    await upsertStaffMember(file, "kim@company.example", "Kim", PASSWORD, {
      role: "viewer",
      locations: ["loc_a"],
    });
    const [member] = await readStaff(file);
    writeFileSync(
      file,
      JSON.stringify({ staff: [{ ...member, locations: ["Main St", "loc_a", "a\u0000b"] }] }),
    );
    expect(await staffMemberAccess(file, "kim@company.example")).toEqual({
      role: "viewer",
      locations: ["loc_a"],
    });
    await setStaffAccess(
      file,
      "kim@company.example",
      { role: "viewer", locations: ["loc_a", "loc_b"] },
      unrecorded,
    );
    expect((await readStaff(file))[0]!.locations).toEqual(["loc_a", "loc_b"]);
  });

  it("refuses a file whose role or locations are not ones it knows, keeping the members last read", async () => {
    const file = staffFile();
    await upsertStaffMember(file, "jo@company.example", "Jo", PASSWORD, {
      role: "viewer",
      locations: ["loc_a"],
    });
    const problems: unknown[] = [];
    const onStale = (error: unknown) => problems.push(error);
    expect(await staffMemberAccess(file, "jo@company.example", { onStale })).toBeDefined();
    const [member] = await readStaff(file);
    for (const bad of [{ role: "owner" }, { locations: "everywhere" }, { locations: [""] }]) {
      writeFileSync(`${file}.edit`, JSON.stringify({ staff: [{ ...member, ...bad }] }));
      renameSync(`${file}.edit`, file);
      expect(await staffMemberAccess(file, "jo@company.example", { onStale })).toEqual({
        role: "viewer",
        locations: ["loc_a"],
      });
    }
    expect(problems).toHaveLength(3);
  });
});

describe("single sign-on members of the staff file", () => {
  const BRANCH = { role: "viewer", locations: ["loc_b", "loc_a"] } as const;
  const noRecord = async () => {};
  const sso = (file: string, email: string, options?: MembershipOptions) =>
    staffStanding(file, email, "single_sign_on", options);

  it("lists a person for single sign-on only, with their access, until they are removed", async () => {
    const file = staffFile();
    await upsertStaffMember(file, "pat@company.example", "Pat", PASSWORD);
    expect(
      await setSingleSignOnMember(file, "Sam@Company.example", BRANCH, { record: noRecord }),
    ).toMatchObject({
      added: true,
    });
    expect(await sso(file, "sam@company.example")).toEqual({
      kind: "listed",
      access: { role: "viewer", locations: ["loc_a", "loc_b"] },
    });
    // Each way in answers for its own sessions: no password for Sam, no override for Pat.
    expect(await staffMemberAccess(file, "sam@company.example")).toBeUndefined();
    expect(await authenticateStaff(file, "sam@company.example", PASSWORD)).toBeUndefined();
    expect(await sso(file, "pat@company.example")).toEqual({ kind: "unlisted" });
    expect(await setSingleSignOnMember(file, "pat@company.example", BRANCH, { record: noRecord })).toBe(
      "signs_in_with_password",
    );
    await expect(upsertStaffMember(file, "sam@company.example", "Sam", PASSWORD)).rejects.toThrow(
      /single sign-on/,
    );

    // Nor does disabling Pat's password end a single sign-on session of theirs.
    const signedInAtMs = Date.now();
    await setStaffDisabled(file, "pat@company.example", true, unrecorded);
    expect(await sso(file, "pat@company.example", { signedInAtMs })).toEqual({ kind: "unlisted" });
    await setStaffDisabled(file, "pat@company.example", false, unrecorded);

    expect(await removeSingleSignOnMember(file, "pat@company.example", noRecord)).toBe("not_listed");
    expect(await removeSingleSignOnMember(file, "sam@company.example", noRecord)).toBe("removed");
    expect(await sso(file, "sam@company.example")).toEqual({ kind: "unlisted" });
    expect(await staffMemberAccess(file, "pat@company.example")).toEqual({
      role: "viewer",
      locations: "all",
    });
  });

  it("records each change before the file changes, and changes nothing when the record cannot be left", async () => {
    const file = staffFile();
    const records: [string, unknown][] = [];
    const record = async (action: string, details: unknown) => {
      records.push([action, details]);
    };
    await setSingleSignOnMember(file, "sam@company.example", BRANCH, { name: "Sam", record });
    await setSingleSignOnMember(file, "sam@company.example", { role: "admin", locations: "all" }, { record });
    await removeSingleSignOnMember(file, "sam@company.example", record);
    const after = { role: "viewer", locations: ["loc_a", "loc_b"], disabled: false };
    const admin = { role: "admin", locations: "all", disabled: false };
    const person = { email: "sam@company.example", sign_in: "single_sign_on" };
    expect(records).toEqual([
      ["staff_added", { ...person, name: "Sam", after }],
      ["staff_access_changed", { ...person, before: after, after: admin }],
      ["staff_removed", { ...person, before: admin, after: "group mapping" }],
    ]);

    const refuse = () => Promise.reject(new Error("the trail is away"));
    await expect(
      setSingleSignOnMember(file, "sam@company.example", BRANCH, { record: refuse }),
    ).rejects.toThrow();
    expect(await readStaff(file)).toEqual([]);
    await expect(setSingleSignOnMember(file, "not an email", BRANCH, { record })).rejects.toThrow();
    expect(records).toHaveLength(3);
  });

  it("refuses a disabled member, who stays listed, and keeps their ended sessions ended once removed", async () => {
    const file = staffFile();
    const added = Date.parse("2026-11-02T09:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"], now: added });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    await setSingleSignOnMember(file, "sam@company.example", BRANCH, { record: noRecord });
    const lostLaptop = { signedInAtMs: added + 60_000 };
    vi.setSystemTime(added + 120_000);
    await setStaffDisabled(file, "sam@company.example", true, unrecorded);
    expect(await sso(file, "sam@company.example")).toEqual({ kind: "refused" });
    expect(await removeSingleSignOnMember(file, "sam@company.example", noRecord)).toBe("disabled");

    await setStaffDisabled(file, "sam@company.example", false, unrecorded);
    const later = { signedInAtMs: added + 180_000 };
    expect(await sso(file, "sam@company.example", lostLaptop)).toEqual({ kind: "refused" });
    expect((await sso(file, "sam@company.example", later)).kind).toBe("listed");
    // Back on the group mapping: the session from before the disable stays ended.
    expect(await removeSingleSignOnMember(file, "sam@company.example", noRecord)).toBe("removed");
    expect(await sso(file, "sam@company.example", lostLaptop)).toEqual({ kind: "refused" });
    expect(await sso(file, "sam@company.example", later)).toEqual({ kind: "unlisted" });
  });
});

describe("changes made at once", () => {
  it("each land: writers wait for one another instead of writing over what they did not read", async () => {
    const file = staffFile();
    await upsertStaffMember(file, "first@company.example", "First", PASSWORD);
    const emails = Array.from({ length: 4 }, (_, index) => `member${index}@company.example`);
    await Promise.all([
      ...emails.map((email) => upsertStaffMember(file, email, "Member", PASSWORD)),
      setStaffDisabled(file, "first@company.example", true, unrecorded),
    ]);
    const listed = await readStaff(file);
    expect(listed.map((member) => member.email).sort()).toEqual(["first@company.example", ...emails].sort());
    expect(listed.find((member) => member.email === "first@company.example")?.disabledAt).toBeDefined();
  });

  it("wait no longer for a lock its writer left behind than it takes to see it is stale", async () => {
    const file = staffFile();
    writeFileSync(`${file}.lock`, "");
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, longAgo, longAgo);
    await upsertStaffMember(file, "ann@company.example", "Ann", PASSWORD);
    expect((await readStaff(file)).map((member) => member.email)).toEqual(["ann@company.example"]);
  });
});
