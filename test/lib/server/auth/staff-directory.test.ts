import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  authenticateStaff,
  isStaffMember,
  readStaff,
  removeStaffMember,
  setStaffDisabled,
  upsertStaffMember,
} from "@/lib/server/auth/staff-directory";

const staffFile = () => join(mkdtempSync(join(tmpdir(), "staff-directory-")), "staff.json");
const PASSWORD = "a-long-staff-password";

describe("the staff file", () => {
  it("stops listing a member, and refuses their password, once they are removed", async () => {
    const file = staffFile();
    await upsertStaffMember(file, "Ann@Company.example", "Ann", PASSWORD);
    expect(await isStaffMember(file, "ann@company.example")).toBe(true);
    expect(await authenticateStaff(file, "ann@company.example", PASSWORD)).toMatchObject({ name: "Ann" });
    expect(await removeStaffMember(file, "ann@company.example")).toBe(true);
    expect(await isStaffMember(file, "ann@company.example")).toBe(false);
    expect(await authenticateStaff(file, "ann@company.example", PASSWORD)).toBeUndefined();
  });

  it("keeps a disabled member's record but refuses them until enabled, a new password included", async () => {
    const file = staffFile();
    await upsertStaffMember(file, "bob@company.example", "Bob", PASSWORD);
    await upsertStaffMember(file, "cat@company.example", "Cat", PASSWORD);
    expect(await setStaffDisabled(file, "BOB@company.example", true)).toBe(true);
    expect(await isStaffMember(file, "bob@company.example")).toBe(false);
    expect(await isStaffMember(file, "cat@company.example")).toBe(true);
    expect(await authenticateStaff(file, "bob@company.example", PASSWORD)).toBeUndefined();

    await upsertStaffMember(file, "bob@company.example", "Bob", `${PASSWORD}-2`);
    expect(await authenticateStaff(file, "bob@company.example", `${PASSWORD}-2`)).toBeUndefined();
    expect(
      (await readStaff(file)).find((member) => member.email === "bob@company.example")?.disabledAt,
    ).toBeTruthy();

    expect(await setStaffDisabled(file, "bob@company.example", false)).toBe(true);
    expect(await isStaffMember(file, "bob@company.example")).toBe(true);
    expect(await authenticateStaff(file, "bob@company.example", `${PASSWORD}-2`)).toMatchObject({
      name: "Bob",
    });
    expect(await setStaffDisabled(file, "nobody@company.example", true)).toBe(false);
  });
});
