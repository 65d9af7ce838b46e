import { auth, signOut } from "@/lib/server/auth";
import { pageSession } from "@/lib/server/bff";
import { managesStaff } from "@/lib/server/staff";
import { AppBrand } from "./app-brand";
import { BudgetMeter } from "./budget-meter";
import { MirrorFreshnessSlot } from "./mirror-freshness-slot";

// The header of every signed-in page: where to go, who is signed in, how fresh the task data is,
// and the shared budget.
export async function AppHeader() {
  const [session, staff] = await Promise.all([auth(), pageSession()]);

  async function signOutAction() {
    "use server";
    await signOut({ redirectTo: "/sign-in" });
  }

  return (
    <header className="flex shrink-0 flex-wrap items-center gap-x-6 gap-y-2 border-b border-slate-200 px-4 py-2 dark:border-slate-800 print:hidden">
      <AppBrand />
      <div className="ml-auto flex flex-wrap items-center gap-4">
        <BudgetMeter />
        {/* Freshness shares the person's line: on a phone a line of its own would cost a table row. */}
        <div className="flex flex-wrap items-center gap-3">
          <MirrorFreshnessSlot />
          {staff && managesStaff(staff.access) && (
            <a href="/admin" className="text-sm underline-offset-4 hover:underline">
              Staff
            </a>
          )}
          <form action={signOutAction} className="flex items-center gap-3 text-sm">
            <span data-testid="signed-in-user">{session?.user?.name ?? session?.user?.email}</span>
            <button
              type="submit"
              className="rounded border border-slate-400 px-3 py-1 hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              Sign out
            </button>
          </form>
        </div>
      </div>
    </header>
  );
}
