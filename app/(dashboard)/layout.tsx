import type { ReactNode } from "react";
import { AppHeader } from "@/components/app-header";
import { QueryProvider } from "@/components/query-provider";

// Every signed-in page: the header, and one query cache shared by the table, drawer and pages.
export default function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      <AppHeader />
      {children}
    </QueryProvider>
  );
}
