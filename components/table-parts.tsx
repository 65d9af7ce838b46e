import Link from "next/link";

// Pieces the maintenance and admin tables draw alike: a header of plain column names, and a vehicle's MVA
// that opens its page.

export function PlainTableHead({ headers }: { headers: readonly string[] }) {
  return (
    <thead className="bg-slate-100 dark:bg-slate-900">
      <tr>
        {headers.map((header) => (
          <th key={header} scope="col" className="px-2 py-1">
            {header}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * A row's vehicle. No prefetch, as for every link a list repeats per row: a page of 100 rows
 * otherwise asks the server for 100 vehicle pages (and more as it scrolls) before anyone clicks.
 */
export function VehicleLink({ vehicleId, mva }: { vehicleId: string; mva: string }) {
  return (
    <Link
      href={`/vehicles/${encodeURIComponent(vehicleId)}`}
      prefetch={false}
      className="font-mono underline underline-offset-2"
    >
      {mva}
    </Link>
  );
}
