import "server-only";
import { DashboardError, readQueryParams } from "../api";
import {
  parseMirrorSummaryParams,
  parseVehicleId,
  readMirrorSummary,
  readMirrorVehicle,
  mirrorStatus,
} from "../mirror";
import type { DashboardBackend } from "./dashboard-backend";
import { mirrorFreshness, mirrorGate } from "./mirror-gate";

// The answers only the mirror gives (summary, a vehicle's history, the mirror's own state): the
// service has nothing to count or collect them with under its budget.

export async function answerSummary(backend: DashboardBackend, url: URL): Promise<Response> {
  const parsed = parseMirrorSummaryParams(url, { maxWindowDays: backend.env.VTS_MAX_WINDOW_DAYS });
  if (!parsed.ok) throw parsed.error;
  const gate = await mirrorGate(backend, parsed.value.filters, true);
  if (gate.source !== "mirror") throw new Error("unreachable: a mirror-only gate answers from the mirror");
  const summary = await readMirrorSummary(gate.sql, parsed.value, gate.asOf);
  return Response.json(summary, { headers: mirrorFreshness(gate.asOf) });
}

export async function answerVehicle(
  backend: DashboardBackend,
  url: URL,
  vehicleId: string,
): Promise<Response> {
  readQueryParams(url, []);
  const parsed = parseVehicleId(vehicleId);
  if (!parsed.ok) throw parsed.error;
  const gate = await mirrorGate(backend, "horizon", true);
  if (gate.source !== "mirror") throw new Error("unreachable: a mirror-only gate answers from the mirror");
  const vehicle = await readMirrorVehicle(gate.sql, parsed.value, gate.asOf);
  if (!vehicle) throw new DashboardError("not_found", "The task mirror holds no task of this vehicle.");
  return Response.json(vehicle, { headers: mirrorFreshness(gate.asOf) });
}

/** With MIRROR=off (or a mirror that did not open) the status says so rather than failing. */
export async function answerMirrorStatus(backend: DashboardBackend, url: URL): Promise<Response> {
  readQueryParams(url, []);
  const mirror = backend.mirror;
  if (!mirror) return Response.json({ enabled: false, setting: backend.env.MIRROR });
  const readAt = new Date();
  const status = await mirrorStatus(mirror.db, readAt);
  // The status is read from the database now: as fresh as an answer gets.
  return Response.json({ enabled: true, ...status }, { headers: mirrorFreshness(readAt) });
}
