import type { Metadata } from "next";
import { Suspense } from "react";
import { dashboardEnv } from "@/lib/server/env";
import { TasksView } from "./components/tasks-view";

export const metadata: Metadata = { title: "Tasks" };

export default function TasksPage() {
  return (
    <main className="flex h-full min-h-[36rem] flex-col gap-3 p-4">
      <h1 className="sr-only">Tasks</h1>
      <Suspense>
        <TasksView maxWindowDays={dashboardEnv().VTS_MAX_WINDOW_DAYS} />
      </Suspense>
    </main>
  );
}
