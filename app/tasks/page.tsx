import type { Metadata } from "next";
import { auth, signOut } from "@/lib/server/auth/auth";

export const metadata: Metadata = { title: "Tasks" };

export default async function TasksPage() {
  const session = await auth();

  async function signOutAction() {
    "use server";
    await signOut({ redirectTo: "/sign-in" });
  }

  return (
    <main className="mx-auto max-w-3xl p-6">
      <header className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Tasks</h1>
        <form action={signOutAction} className="flex items-center gap-3 text-sm">
          <span>{session?.user?.name ?? session?.user?.email}</span>
          <button type="submit" className="rounded border border-slate-400 px-3 py-1">
            Sign out
          </button>
        </form>
      </header>
    </main>
  );
}
