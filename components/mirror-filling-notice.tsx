"use client";
import { useQuery } from "@tanstack/react-query";
import { Notice } from "./notice";
import { mirrorStatusQuery } from "@/lib/client/task-queries";

// A view that needs the task mirror while it is still filling: what it waits for, how far the
// sync is (from /api/mirror), and that the view fills in by itself.
export function MirrorFillingNotice({ message, what }: { message: string; what: string }) {
  const status = useQuery({ ...mirrorStatusQuery, refetchInterval: 5_000 });
  const progress = status.data?.enabled && status.data.windows.total > 0 ? status.data.windows : undefined;
  return (
    <Notice tone="wait" testId="mirror-filling">
      <span className="block">
        {what} needs the dashboard&apos;s copy of the tasks, which is still filling. This page fills in by
        itself when it is ready.
      </span>
      {progress && (
        <span className="mt-1 flex items-center gap-2">
          <progress
            max={progress.total}
            value={progress.synced}
            aria-label="Windows synced"
            className="h-2 w-40"
          />
          {progress.synced} of {progress.total} windows synced
        </span>
      )}
      <span className="mt-1 block text-xs">{message}</span>
    </Notice>
  );
}
