// The Staff page, as the demo account (an admin of every location) uses it: a member's role and
// locations changed with the form apply at once, as does disabling them (their password no longer
// signs in), and each change is in the audit trail. axe finds nothing on either page, in either theme.
import { addStaffMember } from "../../harness/staff-cli";
import { expect, test } from "../support/api-contract";
import { dashboardUrl, SIGN_IN_TIMEOUT, signedIn, submitSignInAs } from "../support/session";
import { checkEachTheme } from "./axe-check";

const MEMBER = {
  email: "staff.page.member@sandbox.example",
  password: "staff-page-password",
  name: "Page Member",
};

test("an admin makes a member a viewer of one location, then disables them, and the audit trail shows who did it", async ({
  page,
  browser,
}, testInfo) => {
  addStaffMember(process.env.E2E_STAFF_FILE!, { ...MEMBER, role: "viewer", locations: "all" });
  await signedIn(page);
  await page.goto(dashboardUrl("/admin"));
  const row = page.getByTestId(`staff-${MEMBER.email}`);
  await expect(row).toContainText("All locations");
  await page.getByRole("button", { name: `Change ${MEMBER.email}` }).click();
  const form = page.getByRole("form", { name: `Access of ${MEMBER.email}` });
  await form.getByLabel("All locations, and any added later").uncheck();
  await form.getByLabel("Boston Logan International Airport").check();
  await checkEachTheme(page, testInfo, "staff");
  // The first change of a run opens the dashboard's workspace (its audit trail) too: waited for
  // by its answer, not by the seconds a row may take to change.
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
    await expect(theirs.getByRole("alert").filter({ hasText: "do not match" })).toBeVisible(SIGN_IN_TIMEOUT);
    await expect(theirs).toHaveURL(/\/sign-in/);
  } finally {
    await theirs.close();
  }

  await page.getByRole("link", { name: "audit trail" }).click();
  // Other specs write records meanwhile: the change is found by what it names.
  const records = page.getByTestId("audit-table").locator("tbody tr", { hasText: MEMBER.email });
  await expect(records.filter({ hasText: "Staff access changed" })).toHaveCount(2);
  await expect(records.filter({ hasText: "Sessions ended" })).toHaveCount(1);
  await checkEachTheme(page, testInfo, "audit-trail");
});
