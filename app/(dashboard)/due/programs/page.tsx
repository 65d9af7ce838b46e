import type { Metadata } from "next";
import { ProgramSettingsView } from "./components/program-settings";

export const metadata: Metadata = { title: "Programs" };

export default function ProgramsPage() {
  return (
    <main className="flex flex-col gap-3 p-4">
      <h1 className="text-xl font-semibold">Maintenance programs</h1>
      <ProgramSettingsView />
    </main>
  );
}
