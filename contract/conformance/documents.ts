// The two contracts, by file, and a checker for each (tests import these, never a path of their own).
import path from "node:path";
import { conformanceChecker } from "./openapi-conformance";

const CONTRACT_DIR = path.resolve(import.meta.dirname, "..");

/** The Vehicle Task Service's /v1 and token endpoint. */
export const SERVICE_OPENAPI = path.join(CONTRACT_DIR, "service", "openapi.yaml");
/** The dashboard's own /api (Auth.js's /api/auth/ aside). */
export const DASHBOARD_OPENAPI = path.join(CONTRACT_DIR, "dashboard", "openapi.yaml");

export const serviceContract = conformanceChecker(SERVICE_OPENAPI);
export const dashboardContract = conformanceChecker(DASHBOARD_OPENAPI);
