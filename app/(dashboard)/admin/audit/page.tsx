import type { Metadata } from "next";
import { pageSession } from "@/lib/server/bff";
import { managesStaff } from "@/lib/server/staff";
import { AuditTrailView } from "./components/audit-trail";

export const metadata: Metadata = { title: "Audit trail" };

export default async function AuditPage() {
  const staff = await pageSession();
  return (
    <main className="flex flex-col gap-3 p-4">
      <h1 className="text-xl font-semibold">Audit trail</h1>
      {staff && managesStaff(staff.access) ? (
        <AuditTrailView />
      ) : (
        <p className="text-sm">Only an admin of every location reads the audit trail.</p>
      )}
    </main>
  );
}
