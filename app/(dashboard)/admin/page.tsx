import type { Metadata } from "next";
import { pageSession } from "@/lib/server/bff";
import { managesStaff } from "@/lib/server/staff";
import { StaffAccessView } from "./components/staff-access";

export const metadata: Metadata = { title: "Staff" };

// Who is on the staff file, how each signs in, and what each may do and see. Password members are
// added and removed on the command line (npm run staff), which also sets their password; single
// sign-on members are added here too, by email.
export default async function AdminPage() {
  const staff = await pageSession();
  return (
    <main className="flex flex-col gap-3 p-4">
      <h1 className="text-xl font-semibold">Staff</h1>
      {staff && managesStaff(staff.access) ? (
        <StaffAccessView self={staff.email} />
      ) : (
        <p className="text-sm">Only an admin of every location manages staff.</p>
      )}
    </main>
  );
}
