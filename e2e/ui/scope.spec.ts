// A viewer of two sandbox branches, in the browser: the task list, /locations, a task's and a
// vehicle's page show nothing of any other location. (The due list's narrowing is proven through
// the API, on a sandbox whose programs a test may change: here the shared dashboard's stay as
// they are for every other spec.) Each check stands beside
// what the demo account (an admin of every location) is answered for the same question, so a page
// that stopped narrowing to the viewer's locations would show the admin's rows and fail here.
import type { BrowserContext, Cookie, Page } from "@playwright/test";
import type { Location, Task, TaskPage, Vehicle } from "@/lib/client/api-types";
import { addStaffMember } from "../../harness/dashboard-command-lines";
import { expect, test } from "../support/api-contract";
import { mainLink } from "../support/main-menu";
import { dashboardUrl, SIGN_IN_TIMEOUT, signedIn, submitSignInAs } from "../support/session";
import { MIRROR_FILL_TIMEOUT, mirrorSynced } from "./table-controls";
import { listShown, openTasks, recordTaskPages, renderedRows, rowCount } from "./task-grid";

const VIEWER = {
  email: "scope.viewer@sandbox.example",
  password: "scope-viewer-password",
  name: "Scope Viewer",
};
/** Airports of two metro areas, sorted as the checks compare them. */
const VIEWER_LOCATIONS = ["loc_atl_airport", "loc_bos_airport"];
/** Downtown branches of the same metros: vehicles move between a metro's branches most often. */
const METRO_NEIGHBOURS = ["loc_atl_midtown", "loc_bos_back_bay"];
/** The busiest branch, outside the scope: the admin sees its tasks in any month. */
const BUSY_ELSEWHERE = "loc_lax_airport";
/** A branch in another country: the sandbox's vehicles never leave theirs. */
const ABROAD = "loc_nrt_airport";
const DAY_MS = 86_400_000;

const inScope = (locationId: string) => VIEWER_LOCATIONS.includes(locationId);
const taskInScope = (task: Task) => inScope(task.location.id);
const daysBackToNow = (days: number) =>
  `from=${new Date(Date.now() - days * DAY_MS).toISOString()}&to=${new Date().toISOString()}`;

let adminContext: BrowserContext | undefined;
let viewerSession: Cookie[] | undefined;

test.beforeAll(async ({ browser }) => {
  // The vehicle and due pages read the mirror only, and a first fill takes minutes on a busy machine.
  test.setTimeout(MIRROR_FILL_TIMEOUT + 60_000);
  // The shared dashboard reads its staff file at every request: the viewer can sign in at once.
  addStaffMember(process.env.E2E_STAFF_FILE!, {
    ...VIEWER,
    role: "viewer",
    locations: VIEWER_LOCATIONS.join(","),
  });
  adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signedIn(adminPage);
  await mirrorSynced(adminPage);
});

test.afterAll(async () => {
  await adminContext?.close();
});

/** The admin's answer to `path`: what a page would show if it did not narrow to the viewer's. */
async function asAdmin<T>(path: string): Promise<T> {
  const response = await adminContext!.request.get(dashboardUrl(path));
  expect(response.status(), `the admin's GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** Through the sign-in form as the viewer, in this test's own browser context; lands on /tasks. */
async function signInAsViewer(page: Page): Promise<void> {
  await page.goto(dashboardUrl("/sign-in"));
  await submitSignInAs(page, VIEWER);
  await expect(page).toHaveURL(/\/tasks$/, SIGN_IN_TIMEOUT);
  viewerSession = await page.context().cookies(dashboardUrl("/"));
}

/** The viewer's session from the first sign-in; the test opens the page it is about itself. */
async function signedInAsViewer(page: Page): Promise<void> {
  if (viewerSession) await page.context().addCookies(viewerSession);
  else await signInAsViewer(page);
}

test("the viewer lands on tasks of their locations only, /locations lists only theirs, and a link to another location's tasks finds none", async ({
  page,
}) => {
  const landing = recordTaskPages(page);
  await signInAsViewer(page);
  await listShown(page);
  const received = await landing.read();
  const sent = received.pages.flat();
  expect(sent.filter((task) => !taskInScope(task))).toEqual([]);
  // The rows drawn are those tasks: none came from anywhere else.
  const sentIds = new Set(sent.map((task) => task.id));
  const rendered = await renderedRows(page).evaluateAll((rows) =>
    rows.map((row) => row.getAttribute("data-task-id")),
  );
  expect(rendered.length, "rows of the viewer's locations this week").toBeGreaterThan(0);
  expect(rendered.filter((id) => !sentIds.has(id ?? ""))).toEqual([]);
  // The admin, asking the same first page, gets tasks of other locations too.
  const firstPage = received.urls.find((url) => !url.searchParams.has("cursor"))!;
  const adminFirstPage = await asAdmin<TaskPage>(`${firstPage.pathname}${firstPage.search}`);
  expect(adminFirstPage.data.filter((task) => !taskInScope(task)).length).toBeGreaterThan(0);

  const linked = recordTaskPages(page);
  await openTasks(page, `range=30d&location_id=${BUSY_ELSEWHERE}`);
  await expect(rowCount(page)).toHaveAttribute("data-loaded", "0");
  await expect(page.getByTestId("empty-state")).toBeVisible();
  const asked = (await linked.read()).urls.find((url) => !url.searchParams.has("cursor"))!;
  expect(asked.searchParams.get("location_id")).toBe(BUSY_ELSEWHERE);
  expect((await asAdmin<TaskPage>(`${asked.pathname}${asked.search}`)).data.length).toBeGreaterThan(0);

  // Through the header, as a person goes: the list is the viewer's own /api/locations answer, as on
  // a page load.
  await mainLink(page, "Locations").click();
  await expect(page).toHaveURL(/\/locations$/);
  const listed = page.getByTestId("location-table").locator("tbody tr");
  await expect(listed.first()).toBeVisible();
  const listedIds = await listed.evaluateAll((rows) =>
    rows.map((row) => row.getAttribute("data-location-id")),
  );
  expect(listedIds.toSorted()).toEqual(VIEWER_LOCATIONS);
  const everyLocation = await asAdmin<{ data: Location[] }>("/api/locations");
  expect(everyLocation.data.length).toBeGreaterThan(VIEWER_LOCATIONS.length);
});

test("a task at another location and a vehicle never seen at theirs are the app's 404 pages, and 404 in the API", async ({
  page,
}) => {
  const [task] = (await asAdmin<TaskPage>(`/api/tasks?${daysBackToNow(90)}&location_id=${ABROAD}&limit=1`))
    .data;
  if (!task) throw new Error(`the admin sees no task at ${ABROAD} in the last 90 days`);
  await asAdmin<Task>(`/api/tasks/${task.id}`);
  const history = await asAdmin<Vehicle>(`/api/vehicles/${task.vehicle_id}`);
  expect(history.tasks.filter(taskInScope), "the vehicle's tasks at the viewer's locations").toEqual([]);

  await signedInAsViewer(page);
  const taskAnswer = await page.goto(dashboardUrl(`/tasks/${task.id}`));
  expect(taskAnswer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("No task has this id");
  expect((await page.request.get(dashboardUrl(`/api/tasks/${task.id}`))).status()).toBe(404);

  const vehicleAnswer = await page.goto(dashboardUrl(`/vehicles/${task.vehicle_id}`));
  expect(vehicleAnswer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("No vehicle has this id");
  expect((await page.request.get(dashboardUrl(`/api/vehicles/${task.vehicle_id}`))).status()).toBe(404);
});

test("a due list linked to another location is empty, its filter says why and clears it, and the trail holds the refusal though the server drew the page", async ({
  page,
}) => {
  type Trail = { data: { action: string; details: { path?: string; location_ids?: string[] } }[] };
  const refusals = async () =>
    (
      await asAdmin<Trail>(
        `/api/admin/audit?action=access_refused&actor=${encodeURIComponent(VIEWER.email)}&limit=500`,
      )
    ).data.filter(
      (record) =>
        record.details.path === "/api/maintenance/due" &&
        record.details.location_ids?.includes(BUSY_ELSEWHERE),
    ).length;
  const before = await refusals();
  await signedInAsViewer(page);
  await page.goto(dashboardUrl(`/due?location_id=${BUSY_ELSEWHERE}`));
  await expect(page.getByTestId("due-total")).toHaveText(/^0 rows/);
  await expect.poll(refusals).toBe(before + 1);
  // Not "Every location", which the list is not: the link's location, and choosing every one clears it.
  const location = page.getByRole("combobox", { name: "Last location" });
  await expect(location.locator("option:checked")).toHaveText(
    `Not one of your locations (${BUSY_ELSEWHERE})`,
  );
  await location.selectOption({ label: "Every location" });
  await expect(page).toHaveURL(/\/due$/);
  await expect(location).toHaveValue("");
});

test("a vehicle seen at the viewer's locations and elsewhere lists only its tasks at theirs", async ({
  page,
}) => {
  const metro = [...VIEWER_LOCATIONS, ...METRO_NEIGHBOURS].join(",");
  const recent = await asAdmin<TaskPage>(`/api/tasks?${daysBackToNow(90)}&location_id=${metro}&limit=500`);
  const seenInside = new Set(recent.data.filter(taskInScope).map((task) => task.vehicle_id));
  const travelled = recent.data.find((task) => !taskInScope(task) && seenInside.has(task.vehicle_id));
  if (!travelled)
    throw new Error("no vehicle of the last 90 days was seen both inside and outside the scope");
  const history = await asAdmin<Vehicle>(`/api/vehicles/${travelled.vehicle_id}`);
  const theirs = history.tasks.filter(taskInScope).map((task) => task.id);
  expect(theirs.length).toBeLessThan(history.tasks.length);

  await signedInAsViewer(page);
  await page.goto(dashboardUrl(`/vehicles/${travelled.vehicle_id}`));
  const timeline = page.getByTestId("timeline-task");
  await expect(timeline).toHaveCount(theirs.length);
  const listed = await timeline.evaluateAll((items) =>
    items.map((item) => item.getAttribute("data-task-id")),
  );
  expect(listed.toSorted()).toEqual(theirs.toSorted());
});
