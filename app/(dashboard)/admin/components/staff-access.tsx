"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ErrorNotice } from "@/components/error-notice";
import type { Location, StaffAccess, StaffMember } from "@/lib/client/api-types";
import { dashboardSend } from "@/lib/client/dashboard-api";
import { locationsQuery } from "@/lib/client/task-queries";
import { AccessFields } from "./access-fields";
import { BusyButton, RowFormStatus, useRowForm, useRowFormNews } from "@/components/row-form";
import { AddSingleSignOnMember, UseGroupMapping } from "./single-sign-on";
import { staffQuery } from "./staff-query";
import { useAccessChoice } from "./use-access-choice";

// Each member of staff with how they sign in, their role and locations, and a form to change them.
// A change applies at the member's next request and the audit trail keeps who made it; nobody
// changes their own.

export function StaffAccessView({ self }: { self: string }) {
  const staff = useQuery(staffQuery);
  const locations = useQuery(locationsQuery);
  const [editing, setEditing] = useState<string | null>(null);
  const [news, say] = useRowFormNews();
  if (staff.isError || locations.isError) {
    return (
      <ErrorNotice
        error={staff.error ?? locations.error}
        fallback="The staff could not be loaded."
        onRetry={() => void Promise.all([staff.refetch(), locations.refetch()])}
      />
    );
  }
  if (staff.isPending || locations.isPending) return <p className="text-sm">Loading the staff…</p>;
  const names = new Map(locations.data.map((location) => [location.id, location.name]));
  return (
    <div className="flex flex-col gap-3">
      <p className="max-w-3xl text-sm text-slate-700 dark:text-slate-300">
        A viewer reads; an admin also changes the fleet&apos;s maintenance programs. Each sees the tasks of
        their locations only. Add or remove password members with <code>npm run staff</code>. People who sign
        in by single sign-on get what their groups map to, and are listed here once you set their role and
        locations yourself. Every change here is kept in the{" "}
        <a href="/admin/audit" className="underline underline-offset-2">
          audit trail
        </a>
        .
      </p>
      <div className="overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">Staff, their roles and locations</caption>
          <thead className="border-b border-slate-300 dark:border-slate-700">
            <tr>
              <th scope="col" className="p-2">
                Member
              </th>
              <th scope="col" className="p-2">
                Signs in with
              </th>
              <th scope="col" className="p-2">
                Role
              </th>
              <th scope="col" className="p-2">
                Locations
              </th>
              <th scope="col" className="p-2">
                <span className="sr-only">Change</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {staff.data.data.map((member) => (
              <MemberRow
                key={member.email}
                member={member}
                own={member.email === self.toLowerCase()}
                names={names}
                locations={locations.data}
                editing={editing === member.email}
                onEdit={(open) => setEditing(open ? member.email : null)}
                say={say}
              />
            ))}
          </tbody>
        </table>
      </div>
      <RowFormStatus news={news} />
      <AddSingleSignOnMember locations={locations.data} />
    </div>
  );
}

function scopeWords(locations: StaffMember["locations"], names: Map<string, string>): string {
  if (locations === "all") return "All locations";
  if (locations.length === 0) return "No location";
  return locations.map((id) => names.get(id) ?? id).join(", ");
}

function MemberRow({
  member,
  own,
  names,
  locations,
  editing,
  onEdit,
  say,
}: {
  member: StaffMember;
  own: boolean;
  names: Map<string, string>;
  locations: Location[];
  editing: boolean;
  onEdit: (open: boolean) => void;
  say: (words: string) => void;
}) {
  const { opener, holder, close } = useRowForm(onEdit, say);
  return (
    <>
      <tr
        className="border-b border-slate-200 align-top dark:border-slate-800"
        data-testid={`staff-${member.email}`}
      >
        <th scope="row" className="p-2 font-medium">
          {member.name}
          {member.name !== member.email && (
            <span className="block font-normal text-slate-700 dark:text-slate-300">{member.email}</span>
          )}
          {member.disabled && <span className="block font-normal">Disabled</span>}
        </th>
        <td className="p-2">{member.sign_in === "single_sign_on" ? "Single sign-on" : "Password"}</td>
        <td className="p-2">{member.role === "admin" ? "Admin" : "Viewer"}</td>
        <td className="p-2">{scopeWords(member.locations, names)}</td>
        <td className="p-2">
          {own ? (
            <span className="text-slate-700 dark:text-slate-300">You</span>
          ) : (
            <button
              ref={opener}
              type="button"
              className="rounded border border-slate-400 px-2 py-1"
              aria-expanded={editing}
              aria-label={`Change ${member.email}`}
              onClick={() => onEdit(!editing)}
            >
              Change
            </button>
          )}
        </td>
      </tr>
      {editing && (
        <tr ref={holder}>
          <td colSpan={5} className="bg-slate-50 p-3 dark:bg-slate-900">
            <AccessForm member={member} locations={locations} onDone={close} />
          </td>
        </tr>
      )}
    </>
  );
}

function AccessForm({
  member,
  locations,
  onDone,
}: {
  member: StaffMember;
  locations: Location[];
  /** Closes the form, saying `outcome` (what changed) when there is one. */
  onDone: (outcome?: string) => void;
}) {
  const queryClient = useQueryClient();
  const choice = useAccessChoice(member);
  const save = useMutation({
    mutationFn: (access: StaffAccess) =>
      dashboardSend(`/api/admin/staff/${encodeURIComponent(member.email)}`, "PUT", access),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffQuery.queryKey });
      onDone(`Saved the access of ${member.email}.`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(choice.access());
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label={`Access of ${member.email}`}>
      <AccessFields choice={choice} locations={locations} />
      {save.isError && <ErrorNotice error={save.error} fallback="The change was not saved." />}
      <div className="flex gap-2">
        <BusyButton type="submit" className="rounded border border-slate-400 px-3 py-1" busy={save.isPending}>
          {save.isPending ? "Saving…" : "Save"}
        </BusyButton>
        <button type="button" className="rounded px-3 py-1 underline" onClick={() => onDone()}>
          Cancel
        </button>
      </div>
      {member.sign_in === "single_sign_on" && <UseGroupMapping member={member} onDone={onDone} />}
      <SignInSwitch member={member} onDone={onDone} />
    </form>
  );
}

/** Disables a member (their sessions end at their next request) or lets them sign in again. */
function SignInSwitch({ member, onDone }: { member: StaffMember; onDone: (outcome: string) => void }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (disabled: boolean) =>
      dashboardSend(`/api/admin/staff/${encodeURIComponent(member.email)}/disabled`, "PUT", { disabled }),
    onSuccess: async (_answer, disabled) => {
      await queryClient.invalidateQueries({ queryKey: staffQuery.queryKey });
      onDone(
        disabled
          ? `Disabled ${member.email}: their sessions end at their next request.`
          : `${member.email} can sign in again.`,
      );
    },
  });
  return (
    <fieldset className="flex flex-col gap-2 border-t border-slate-300 pt-3 dark:border-slate-700">
      <legend className="font-medium">Sign-in</legend>
      <p className="text-sm">
        {member.disabled
          ? "Disabled: they cannot sign in. Enabled again, they sign in afresh; their old sessions stay ended."
          : "Disabling keeps their account, role and locations, but refuses their sign-in and ends their sessions at their next request."}
      </p>
      {change.isError && <ErrorNotice error={change.error} fallback="The change was not saved." />}
      <div>
        <BusyButton
          type="button"
          className="rounded border border-slate-400 px-3 py-1"
          busy={change.isPending}
          onClick={() => change.mutate(!member.disabled)}
        >
          {member.disabled ? "Enable sign-in" : "Disable and end their sessions"}
        </BusyButton>
      </div>
    </fieldset>
  );
}
