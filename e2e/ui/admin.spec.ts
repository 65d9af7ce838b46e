// The Staff page, as the demo account (an admin of every location) uses it: a member's role and
// locations changed with the form apply at once, as does disabling them (their password no longer
// signs in), and each change is in the audit trail. A person who signs in by single sign-on is
// added by email, changed, and handed back to their groups. A keyboard user who closes a member's
// form is back on that member's Change button, and hears what was saved. axe finds nothing on
// either page, in either theme.
import type { Locator } from "@playwright/test";
import { addStaffMember } from "../../harness/dashboard-command-lines";
import { expect, test } from "../support/api-contract";
import { dashboardUrl, SIGN_IN_TIMEOUT, signedIn, submitSignInAs } from "../support/session";
import { checkEachTheme } from "./axe-check";

const MEMBER = {
  email: "staff.page.member@sandbox.example",
  password: "staff-page-password",
  name: "Page Member",
};

/** Tabs on from where focus is until `target` has it, as a keyboard user reaches a button. */
async function tabTo(target: Locator): Promise<void> {
  for (let presses = 0; presses < 20; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await target.page().keyboard.press("Tab");
  }
  throw new Error("twenty presses of Tab did not reach the button");
}

const KEYBOARD_MEMBER = "staff.page.keyboard@sandbox.example";
// Never the identity provider's own account, which the sign-in specs use meanwhile.
const SSO_MEMBER = "sso.page.member@company.example";

test("a keyboard user saves a member's role, then an admin limits and disables another, then adds, changes and hands back a single sign-on person, and the audit trail shows each change", async ({
  page,
  browser,
}, testInfo) => {
  // Each step changes a member of its own; both are in the staff file before the page reads it.
  addStaffMember(process.env.E2E_STAFF_FILE!, {
    email: KEYBOARD_MEMBER,
    password: "staff-keyboard-password",
    name: "Keyboard Member",
    role: "viewer",
    locations: "all",
  });
  addStaffMember(process.env.E2E_STAFF_FILE!, { ...MEMBER, role: "viewer", locations: "all" });
  await signedIn(page);
  await page.goto(dashboardUrl("/admin"));

  await test.step("a keyboard user is back on the member's Change button after Cancel and after Save, and hears what was saved", async () => {
    const email = KEYBOARD_MEMBER;
    const change = page.getByRole("button", { name: `Change ${email}` });
    const form = page.getByRole("form", { name: `Access of ${email}` });
    await change.focus();
    await page.keyboard.press("Enter");
    await tabTo(form.getByRole("button", { name: "Cancel" }));
    await page.keyboard.press("Enter");
    await expect(form).toBeHidden();
    await expect(change).toBeFocused();

    await page.keyboard.press("Enter");
    await form.getByLabel("Admin").check();
    await tabTo(form.getByRole("button", { name: "Save" }));
    await page.keyboard.press("Enter");
    await expect(form).toBeHidden();
    await expect(page.getByTestId(`staff-${email}`)).toContainText("Admin");
    await expect(change).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "Saved" })).toHaveText(
      `Saved the access of ${email}.`,
    );
    // Loaded afresh, the row still says so. (The page never reads the body of its PUT's answer, which
    // the contract check waits for until the page that asked has gone.)
    await page.reload();
    await expect(page.getByTestId(`staff-${email}`)).toContainText("Admin");
  });

  await test.step("an admin makes a member a viewer of one location, then disables them, and the audit trail shows who did it", async () => {
    const row = page.getByTestId(`staff-${MEMBER.email}`);
    await expect(row).toContainText("All locations");
    await page.getByRole("button", { name: `Change ${MEMBER.email}` }).click();
    const form = page.getByRole("form", { name: `Access of ${MEMBER.email}` });
    await form.getByLabel("All locations, and any added later").uncheck();
    await form.getByLabel("Boston Logan International Airport").check();
    await checkEachTheme(page, testInfo, "staff");
    // A change may be the first of the run, which opens the dashboard's workspace (its audit trail)
    // too: waited for by its answer, not by the seconds a row may take to change.
    const saved = page.waitForResponse(
      (response) => response.url().includes("/api/admin/staff/") && response.request().method() === "PUT",
    );
    await form.getByRole("button", { name: "Save" }).click();
    expect((await saved).status()).toBe(200);
    await expect(row).toContainText("Boston Logan International Airport");
    await expect(row).not.toContainText("All locations");

    const staff = await page.request.get(dashboardUrl("/api/admin/staff"));
    const member = ((await staff.json()) as { data: { email: string; locations: unknown }[] }).data.find(
      (one) => one.email === MEMBER.email,
    );
    expect(member?.locations).toEqual(["loc_bos_airport"]);

    // Disabled from the same form: the row says so, and the member's password no longer signs in.
    await page.getByRole("button", { name: `Change ${MEMBER.email}` }).click();
    await form.getByRole("button", { name: "Disable and end their sessions" }).click();
    await expect(row).toContainText("Disabled");
    const theirs = await browser.newPage();
    try {
      await theirs.goto(dashboardUrl("/sign-in"));
      await submitSignInAs(theirs, MEMBER);
      await expect(theirs.getByRole("alert").filter({ hasText: "do not match" })).toBeVisible(
        SIGN_IN_TIMEOUT,
      );
      await expect(theirs).toHaveURL(/\/sign-in/);
    } finally {
      await theirs.close();
    }
  });

  await test.step("an admin sets a single sign-on person's role and locations by email, changes them, and hands them back to their groups", async () => {
    const email = SSO_MEMBER;
    await page.getByRole("button", { name: "Add a single sign-on member" }).click();
    const add = page.getByRole("form", { name: "Add a single sign-on member" });
    await add.getByLabel("Email").fill(email);
    await add.getByLabel("Name (optional)").fill("Sso Page Member");
    await add.getByLabel("Boston Logan International Airport").check();
    await checkEachTheme(page, testInfo, "staff-single-sign-on");
    await add.getByRole("button", { name: "Add" }).click();
    const row = page.getByTestId(`staff-${email}`);
    await expect(row).toContainText("Single sign-on");
    await expect(row).toContainText("Viewer");
    await expect(row).toContainText("Boston Logan International Airport");

    await page.getByRole("button", { name: `Change ${email}` }).click();
    const form = page.getByRole("form", { name: `Access of ${email}` });
    await form.getByLabel("Admin").check();
    await form.getByLabel("All locations, and any added later").check();
    await form.getByRole("button", { name: "Save" }).click();
    await expect(row).toContainText("Admin");
    await expect(row).toContainText("All locations");

    await page.getByRole("button", { name: `Change ${email}` }).click();
    await form.getByRole("button", { name: "Use the group mapping" }).click();
    await expect(row).toHaveCount(0);
  });

  await test.step("the audit trail shows each member's changes", async () => {
    await page.getByRole("link", { name: "audit trail" }).click();
    // Other specs write records meanwhile: each change is found by the member it names.
    const recordsOf = (email: string) =>
      page.getByTestId("audit-table").locator("tbody tr", { hasText: email });

    await test.step("an admin makes a member a viewer of one location, then disables them, and the audit trail shows who did it", async () => {
      const records = recordsOf(MEMBER.email);
      await expect(records.filter({ hasText: "Staff access changed" })).toHaveCount(2);
      await expect(records.filter({ hasText: "Sessions ended" })).toHaveCount(1);
      await checkEachTheme(page, testInfo, "audit-trail");
    });

    await test.step("an admin sets a single sign-on person's role and locations by email, changes them, and hands them back to their groups", async () => {
      const records = recordsOf(SSO_MEMBER);
      await expect(records.filter({ hasText: "Staff added" })).toHaveCount(1);
      await expect(records.filter({ hasText: "Staff access changed" })).toHaveCount(1);
      await expect(records.filter({ hasText: "Staff removed" })).toHaveCount(1);
    });
  });
});
