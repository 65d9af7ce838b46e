"use client";
import type { Location } from "@/lib/client/api-types";
import type { AccessChoice } from "./use-access-choice";

/** The role and the locations of a form that sets someone's access. */
export function AccessFields({ choice, locations }: { choice: AccessChoice; locations: Location[] }) {
  // A location the member holds that the list no longer has stays a choice, so saving keeps it.
  const known = new Set(locations.map((location) => location.id));
  const choices = [
    ...locations.map((location) => ({ id: location.id, name: location.name })),
    ...[...choice.chosen].filter((id) => !known.has(id)).map((id) => ({ id, name: id })),
  ];
  return (
    <>
      <fieldset className="flex gap-4">
        <legend className="mb-1 font-medium">Role</legend>
        {(["viewer", "admin"] as const).map((option) => (
          <label key={option} className="flex items-center gap-1">
            <input
              type="radio"
              name="role"
              checked={choice.role === option}
              onChange={() => choice.setRole(option)}
            />
            {option === "admin" ? "Admin" : "Viewer"}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-medium">Locations</legend>
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={choice.everywhere}
            onChange={(event) => choice.setEverywhere(event.target.checked)}
          />
          All locations, and any added later
        </label>
        {!choice.everywhere && (
          <div className="grid max-h-64 grid-cols-1 gap-1 overflow-y-auto sm:grid-cols-2 lg:grid-cols-3">
            {choices.map((location) => (
              <label key={location.id} className="flex items-center gap-1">
                <input
                  type="checkbox"
                  checked={choice.chosen.has(location.id)}
                  onChange={(event) => choice.toggle(location.id, event.target.checked)}
                />
                {location.name}
              </label>
            ))}
          </div>
        )}
      </fieldset>
    </>
  );
}
