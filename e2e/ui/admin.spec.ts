// The Staff page, as the demo account (an admin of every location) uses it: a member's role and
// locations changed with the form apply at once, and the change is in the audit trail. axe finds
// nothing on either page, in either theme.
import { addStaffMember } from "../../harness/staff-cli";
import { expect, test } from "../support/api-contract";
import { dashboardUrl, signedIn } from "../support/session";
import { checkEachTheme } from "./axe-check";

const MEMBER = {
  email: "staff.page.member@sandbox.example",
  password: "staff-page-password",
  name: "Page Member",
};

test("an admin makes a member a viewer of one location, and the audit trail shows who did it", async ({
  page,
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

  await page.getByRole("link", { name: "audit trail" }).click();
  // Other specs write records meanwhile: the change is found by what it names.
  const records = page.getByTestId("audit-table").locator("tbody tr", { hasText: MEMBER.email });
  await expect(records.filter({ hasText: "Staff access changed" })).toHaveCount(1);
  await checkEachTheme(page, testInfo, "audit-trail");
});
