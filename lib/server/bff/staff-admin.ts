import "server-only";
import { z } from "zod";
import { hasControlCharacter, isWellFormedText } from "@/contract/query/control-characters";
import type { StaffSession } from "../auth";
import { DashboardError, readQueryParams } from "../dashboard-error";
import { dashboardEnv } from "../env";
import { dashboardLogger } from "../log";
import {
  accessOf,
  isStaffEmail,
  managesStaff,
  normaliseAccess,
  normaliseEmail,
  readStaff,
  removeSingleSignOnMember,
  setSingleSignOnMember,
  setStaffAccess,
  setStaffDisabled,
  signInOf,
  staffAccessSchema,
  type RecordChange,
  type StaffMember,
} from "../staff";
import { recordOrRefuse } from "./audit-trail";
import { acceptChange, readJsonBody } from "./change-request";
import type { DashboardBackend } from "./dashboard-backend";

// The admin page's staff: who may sign in, with a password or through the company's single sign-on,
// and what each may do and see. A single sign-on member's role and locations count instead of what
// their groups map to, until "Use the group mapping" takes them off the list. Only an admin of every
// location manages staff (managesStaff), and nobody changes their own access, so no admin locks
// themselves or the dashboard out.

/** The file the session check reads (auth/session-check.ts), so a change is what the next request sees. */
const staffFile = () => dashboardEnv().STAFF_FILE;

function requireStaffAdmin(staff: StaffSession): void {
  if (!managesStaff(staff.access))
    throw new DashboardError("forbidden", "Only an admin of every location manages staff.");
}

/** A member as the API answers it: never the password's hash. */
function memberAnswer(member: StaffMember, disabled = member.disabledAt !== undefined) {
  return {
    email: member.email,
    name: member.name,
    ...accessOf(member),
    disabled,
    added_at: member.addedAt,
    sign_in: signInOf(member),
  };
}

/**
 * The member a change names, once the change passed what every change of a member must: made by
 * an admin of every location, from this site, with no query; and never of the admin making it, so
 * nobody locks themselves out (`refusal` says so in the change's words).
 */
async function memberToChange(
  request: Request,
  rawEmail: string,
  staff: StaffSession,
  refusal: string,
): Promise<StaffMember> {
  requireStaffAdmin(staff);
  acceptChange(request);
  const email = normaliseEmail(rawEmail);
  if (email === normaliseEmail(staff.email)) throw new DashboardError("invalid_request", refusal);
  const member = (await readStaff(staffFile())).find((one) => one.email === email);
  if (!member) throw new DashboardError("not_found", "No member of staff has this email.");
  return member;
}

/** GET /api/admin/staff: every member, with how they sign in, role, locations and whether disabled. */
export async function answerStaffList(url: URL, staff: StaffSession): Promise<Response> {
  requireStaffAdmin(staff);
  readQueryParams(url, []);
  const members = await readStaff(staffFile());
  return Response.json({ data: members.map((member) => memberAnswer(member)) });
}

/**
 * PUT /api/admin/staff/{email}: sets a member's role and locations, from their next request on every
 * instance reading the staff file. Recorded in the audit trail first: a change the trail cannot
 * hold (its database away) is not made.
 */
export async function answerSetStaffAccess(
  backend: DashboardBackend,
  request: Request,
  rawEmail: string,
  staff: StaffSession,
): Promise<Response> {
  const member = await memberToChange(
    request,
    rawEmail,
    staff,
    "Nobody changes their own access: ask another admin.",
  );
  const { email } = member;
  const body = staffAccessSchema.strict().safeParse(await readJsonBody(request, "the access"));
  if (!body.success)
    throw new DashboardError(
      "invalid_request",
      'The access must be {"role": "viewer" or "admin", "locations": "all" or a list of location ids}.',
    );
  const access = normaliseAccess(body.data);
  if (!(await setStaffAccess(staffFile(), email, access, recordFor(backend, staff.email))))
    throw new DashboardError("not_found", "No member of staff has this email.");
  dashboardLogger().info({ staff: staff.email, member: email, ...access }, "staff access changed");
  return Response.json({ ...memberAnswer(member), ...access });
}

const disabledChange = z.object({ disabled: z.boolean() }).strict();

/**
 * PUT /api/admin/staff/{email}/disabled: keeps the member's account but refuses their sign-ins and
 * ends their sessions at their next request (or lets them sign in again), as `npm run staff disable`
 * does, with the same records in the trail, written first. Setting what is already so records and
 * changes nothing.
 */
export async function answerSetStaffDisabled(
  backend: DashboardBackend,
  request: Request,
  rawEmail: string,
  staff: StaffSession,
): Promise<Response> {
  const member = await memberToChange(
    request,
    rawEmail,
    staff,
    "Nobody disables themselves: ask another admin.",
  );
  const body = disabledChange.safeParse(await readJsonBody(request, "the change"));
  if (!body.success)
    throw new DashboardError("invalid_request", 'The change must be {"disabled": true or false}.');
  const { disabled } = body.data;
  const { email } = member;
  if (!(await setStaffDisabled(staffFile(), email, disabled, recordFor(backend, staff.email))))
    throw new DashboardError("not_found", "No member of staff has this email.");
  if ((member.disabledAt !== undefined) !== disabled)
    dashboardLogger().info({ staff: staff.email, member: email, disabled }, "staff sign-in changed");
  return Response.json(memberAnswer(member, disabled));
}

/**
 * The person a single sign-on change names: an email (the identity such a session carries), once
 * the change passed what every change of staff must, and never the admin's own.
 */
function personToChange(request: Request, rawEmail: string, staff: StaffSession): string {
  requireStaffAdmin(staff);
  acceptChange(request);
  const email = normaliseEmail(rawEmail);
  if (!isStaffEmail(email))
    throw new DashboardError("invalid_request", "The address must name the person by their email.");
  if (email === normaliseEmail(staff.email))
    throw new DashboardError("invalid_request", "Nobody changes their own access: ask another admin.");
  return email;
}

/** The staff file's changes record through the trail, first: a change it cannot hold is not made. */
function recordFor(backend: DashboardBackend, actor: string): RecordChange {
  return (action, details) => recordOrRefuse(backend, actor, action, details);
}

/** How the Staff page names a person: one line of text that the page, a log and the trail hold. */
const personName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((name) => isWellFormedText(name) && !hasControlCharacter(name), "one line, no control characters");

const singleSignOnBody = staffAccessSchema.extend({ name: personName.optional() }).strict();

/**
 * PUT /api/admin/staff/{email}/single-sign-on: lists the person as a single sign-on member with
 * this role and these locations, which count instead of what their groups map to from their next
 * request, on every instance (a session signed in already included); or sets those of one listed
 * so. Nobody is signed out by it.
 */
export async function answerSetSingleSignOn(
  backend: DashboardBackend,
  request: Request,
  rawEmail: string,
  staff: StaffSession,
): Promise<Response> {
  const email = personToChange(request, rawEmail, staff);
  const body = singleSignOnBody.safeParse(await readJsonBody(request, "the access"));
  if (!body.success)
    throw new DashboardError(
      "invalid_request",
      'The access must be {"role": "viewer" or "admin", "locations": "all" or a list of location ids}, with an optional "name" (1 to 200 characters on one line).',
    );
  const { name, ...access } = body.data;
  const outcome = await setSingleSignOnMember(staffFile(), email, access, {
    name,
    record: recordFor(backend, staff.email),
  });
  if (outcome === "signs_in_with_password")
    throw new DashboardError(
      "invalid_request",
      "This person signs in with a password: change their access with Change, or remove them on the command line first.",
    );
  dashboardLogger().info({ staff: staff.email, member: email, ...access }, "single sign-on access set");
  return Response.json(memberAnswer(outcome.member));
}

/**
 * DELETE /api/admin/staff/{email}/single-sign-on: takes a single sign-on member off the staff file,
 * so what their groups map to counts again from their next request.
 */
export async function answerUseGroupMapping(
  backend: DashboardBackend,
  request: Request,
  rawEmail: string,
  staff: StaffSession,
): Promise<Response> {
  const email = personToChange(request, rawEmail, staff);
  const outcome = await removeSingleSignOnMember(staffFile(), email, recordFor(backend, staff.email));
  if (outcome === "not_listed")
    throw new DashboardError("not_found", "No single sign-on member has this email.");
  if (outcome === "disabled")
    throw new DashboardError(
      "invalid_request",
      "They are disabled: enable them first, or their groups would let them in again.",
    );
  dashboardLogger().info(
    { staff: staff.email, member: email },
    "single sign-on access back to the group mapping",
  );
  return new Response(null, { status: 204 });
}
