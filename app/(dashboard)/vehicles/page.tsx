import type { Metadata } from "next";
import { VehicleList } from "./components/vehicle-list";

export const metadata: Metadata = { title: "Vehicles" };

export default function VehiclesPage() {
  return (
    <main className="flex flex-col gap-3 p-4">
      <h1 className="text-xl font-semibold">Vehicles</h1>
      <VehicleList />
    </main>
  );
}
