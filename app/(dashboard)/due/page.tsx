import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { searchOf } from "@/lib/server/bff";
import { DueView } from "./components/due-view";
import { firstDuePage } from "./first-due-page";

export const metadata: Metadata = { title: "Due" };

type SearchParams = Record<string, string | string[] | undefined>;

export default async function DuePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <main className="flex flex-col gap-3 p-4">
      <h1 className="text-xl font-semibold">Maintenance due</h1>
      <HydrationBoundary state={await firstDuePage(searchOf(await searchParams))}>
        <DueView />
      </HydrationBoundary>
    </main>
  );
}
