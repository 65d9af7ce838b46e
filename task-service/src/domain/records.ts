// The service's stored records, shared by the store, the importer and the sandbox generator.

export interface LocationRecord {
  id: string;
  name: string;
  /** IANA time zone name, e.g. "America/Los_Angeles". */
  timezone: string;
  /** Single-line postal address. */
  address: string;
}

export interface TaskRecord {
  id: string;
  vehicle_id: string;
  mva: string;
  vin: string | null;
  task_type: string;
  status: string;
  location_id: string;
  /** Millisecond precision; the store keeps timestamps to the millisecond so cursors are exact. */
  started_at: Date;
  odometer_miles: number;
}
