"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { ErrorNotice } from "@/components/error-notice";
import type { Location, StaffAccess, StaffMember } from "@/lib/client/api-types";
import { dashboardSend } from "@/lib/client/dashboard-api";
import { AccessFields } from "./access-fields";
import { staffQuery } from "./staff-query";
import { useAccessChoice } from "./use-access-choice";

// People who sign in by single sign-on are not listed until an admin sets their role and locations
// here, by email: from then on those count instead of what their groups map to, until "Use the
// group mapping" takes them off the list again.

const singleSignOnPath = (email: string) => `/api/admin/staff/${encodeURIComponent(email)}/single-sign-on`;

/** Adds someone who signs in by single sign-on, with the access that counts over their groups. */
export function AddSingleSignOnMember({ locations }: { locations: Location[] }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const choice = useAccessChoice({ role: "viewer", locations: [] });
  const ids = { email: useId(), name: useId() };
  const add = useMutation({
    mutationFn: (body: StaffAccess & { name?: string }) =>
      dashboardSend(singleSignOnPath(email.trim()), "PUT", body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffQuery.queryKey });
      setOpen(false);
      setEmail("");
      setName("");
    },
  });
  if (!open)
    return (
      <div>
        <button
          type="button"
          className="rounded border border-slate-400 px-3 py-1"
          onClick={() => setOpen(true)}
        >
          Add a single sign-on member
        </button>
      </div>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ ...choice.access(), ...(name.trim() ? { name: name.trim() } : {}) });
  };
  return (
    <form
      onSubmit={submit}
      className="flex max-w-3xl flex-col gap-3 rounded border border-slate-300 p-3 dark:border-slate-700"
      aria-label="Add a single sign-on member"
    >
      <p className="text-sm">
        The role and locations set here count instead of what their groups map to, from their next request.
      </p>
      <div className="flex flex-wrap gap-3">
        <label htmlFor={ids.email} className="flex flex-col gap-1">
          Email
          <input
            id={ids.email}
            type="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className="rounded border border-slate-400 px-2 py-1"
          />
        </label>
        <label htmlFor={ids.name} className="flex flex-col gap-1">
          Name (optional)
          <input
            id={ids.name}
            value={name}
            onChange={(event) => setName(event.target.value)}
            className="rounded border border-slate-400 px-2 py-1"
          />
        </label>
      </div>
      <AccessFields choice={choice} locations={locations} />
      {add.isError && <ErrorNotice error={add.error} fallback="The member was not added." />}
      <div className="flex gap-2">
        <button type="submit" className="rounded border border-slate-400 px-3 py-1" disabled={add.isPending}>
          {add.isPending ? "Adding…" : "Add"}
        </button>
        <button type="button" className="rounded px-3 py-1 underline" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Takes a single sign-on member off the list: their groups decide again from their next request. */
export function UseGroupMapping({
  member,
  onDone,
}: {
  member: StaffMember;
  onDone: (outcome: string) => void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => dashboardSend(singleSignOnPath(member.email), "DELETE"),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffQuery.queryKey });
      onDone(`${member.email} is off the list: their groups decide their access again.`);
    },
  });
  return (
    <fieldset className="flex flex-col gap-2 border-t border-slate-300 pt-3 dark:border-slate-700">
      <legend className="font-medium">Single sign-on</legend>
      <p className="text-sm">
        {member.disabled
          ? "Enable them first: off this list, their groups would let them in again."
          : "Their role and locations here count instead of what their groups map to. Taken off this list, their groups decide again from their next request."}
      </p>
      {remove.isError && <ErrorNotice error={remove.error} fallback="The change was not saved." />}
      <div>
        <button
          type="button"
          className="rounded border border-slate-400 px-3 py-1"
          disabled={remove.isPending || member.disabled}
          onClick={() => remove.mutate()}
        >
          Use the group mapping
        </button>
      </div>
    </fieldset>
  );
}
