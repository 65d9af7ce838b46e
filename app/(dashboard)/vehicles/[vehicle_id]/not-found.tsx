import { StatusPage } from "@/components/status-page";

// /vehicles/{vehicle_id} for an id no task in the dashboard's copy of the tasks has, at the
// reader's locations.
export default function VehicleNotFound() {
  return (
    <StatusPage title="No vehicle has this id">
      <p>
        No task you may see belongs to a vehicle with the id in this address. The link may be mistyped or cut
        short, or the vehicle has had no task at your locations within the months the dashboard keeps; search
        the tasks by MVA or vehicle instead.
      </p>
    </StatusPage>
  );
}
