import type { ReactNode } from "react";
import { AppHeader } from "@/components/app-header";
import { QueryProvider } from "@/components/query-provider";

// Every signed-in page: the header, and one query cache shared by the table, drawer and pages.
// Pages scroll below the header, so it (with the budget meter and sign-out) stays in view; the
// tasks page fills that area exactly, and the task drawer covers only it.
export default function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      <div className="flex h-dvh flex-col">
        <AppHeader />
        <div className="relative min-h-0 flex-1 overflow-y-auto">{children}</div>
      </div>
    </QueryProvider>
  );
}
