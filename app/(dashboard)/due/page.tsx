import type { Metadata } from "next";
import { DueView } from "./components/due-view";

export const metadata: Metadata = { title: "Due" };

export default function DuePage() {
  return (
    <main className="flex flex-col gap-3 p-4">
      <h1 className="text-xl font-semibold">Maintenance due</h1>
      <DueView />
    </main>
  );
}
