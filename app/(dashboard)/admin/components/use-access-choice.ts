"use client";
import { useState } from "react";
import type { StaffAccess } from "@/lib/client/api-types";

/** A role and locations as a form holds them while they are chosen, from `initial`. */
export function useAccessChoice(initial: StaffAccess) {
  const [role, setRole] = useState<StaffAccess["role"]>(initial.role);
  const [everywhere, setEverywhere] = useState(initial.locations === "all");
  const [chosen, setChosen] = useState<Set<string>>(
    new Set(initial.locations === "all" ? [] : initial.locations),
  );
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };
  const access = (): StaffAccess => ({ role, locations: everywhere ? "all" : [...chosen].sort() });
  return { role, setRole, everywhere, setEverywhere, chosen, toggle, access };
}

export type AccessChoice = ReturnType<typeof useAccessChoice>;
