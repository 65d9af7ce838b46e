import type { Metadata } from "next";
import { pageSession } from "@/lib/server/bff";
import { ProgramSettingsView } from "./components/program-settings";

export const metadata: Metadata = { title: "Programs" };

export default async function ProgramsPage() {
  const staff = await pageSession();
  return (
    <main className="flex flex-col gap-3 p-4">
      <h1 className="text-xl font-semibold">Maintenance programs</h1>
      <ProgramSettingsView canChange={staff?.access.role === "admin"} />
    </main>
  );
}
