import type { Metadata } from "next";
import { ComplianceView } from "./components/compliance-view";

export const metadata: Metadata = { title: "Compliance" };

export default function CompliancePage() {
  return (
    <main className="flex flex-col gap-4 p-4">
      <h1 className="text-xl font-semibold">Maintenance compliance</h1>
      <ComplianceView />
    </main>
  );
}
