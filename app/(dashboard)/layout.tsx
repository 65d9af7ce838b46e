import type { ReactNode } from "react";
import { AppHeader } from "@/components/app-header";
import { QueryProvider } from "@/components/query-provider";
import { SkipLink } from "@/components/skip-link";

// Every signed-in page: the header, and one query cache shared by the table, drawer and pages.
// Pages scroll below the header, so it (with the budget meter and sign-out) stays in view; the
// tasks page fills that area exactly, and the task drawer covers only it. A keyboard user's first
// stop skips the header's links to that area. On paper the page is one long flow, without the header.
export default function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      <div className="flex h-dvh flex-col print:block print:h-auto">
        <SkipLink targetId="content">Skip to content</SkipLink>
        <AppHeader />
        <div
          id="content"
          tabIndex={-1}
          className="relative min-h-0 flex-1 overflow-y-auto outline-none print:overflow-visible"
        >
          {children}
        </div>
      </div>
    </QueryProvider>
  );
}
