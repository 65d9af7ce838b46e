// Signing in as the sandbox's demo staff member, the way a person does.
import { expect, type Page } from "@playwright/test";
import { DEMO_STAFF } from "../global-setup";

export function dashboardUrl(path: string): string {
  return new URL(path, process.env.E2E_BASE_URL).toString();
}

export async function signIn(page: Page, password = DEMO_STAFF.password): Promise<void> {
  await page.goto(dashboardUrl("/sign-in"));
  await page.getByLabel("Email").fill(DEMO_STAFF.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function signedIn(page: Page): Promise<void> {
  await signIn(page);
  await expect(page).toHaveURL(/\/tasks$/);
}
