import type { Metadata } from "next";
import { LocationList } from "./components/location-list";

export const metadata: Metadata = { title: "Locations" };

export default function LocationsPage() {
  return (
    <main className="flex flex-col gap-3 p-4">
      <h1 className="text-xl font-semibold">Locations</h1>
      <LocationList />
    </main>
  );
}
