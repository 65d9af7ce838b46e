"use client";
import { DashboardApiError } from "@/lib/client/dashboard-api";

// A failed load in words a person can act on: the dashboard's message, the request id to quote
// to support, and a retry where one could help. Never a status code or a stack trace.
export function ErrorNotice({
  error,
  fallback,
  onRetry,
  testId,
}: {
  error: unknown;
  fallback: string;
  onRetry?: () => void;
  testId?: string;
}) {
  const known = error instanceof DashboardApiError ? error : undefined;
  // Asking again for what was refused as asked cannot help; changing the request can.
  const retry = known?.isRefused ? undefined : onRetry;
  return (
    <div
      role="alert"
      data-testid={testId}
      className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <span>{known?.message ?? fallback}</span>{" "}
      {known?.requestId && (
        <span className="ml-2 font-mono text-xs">
          Request id: <span data-testid="request-id">{known.requestId}</span>
        </span>
      )}
      {retry && (
        <button
          type="button"
          onClick={retry}
          className="ml-3 rounded border border-current px-2 py-0.5 text-sm"
        >
          Retry
        </button>
      )}
    </div>
  );
}
