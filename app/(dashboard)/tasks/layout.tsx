import type { ReactNode } from "react";

// The task list stays in place while a task opened from it shows in the drawer slot
// (an intercepted /tasks/{id}); a direct visit to /tasks/{id} renders the full page instead.
export default function TasksLayout({ children, drawer }: { children: ReactNode; drawer: ReactNode }) {
  return (
    <>
      {children}
      {drawer}
    </>
  );
}
