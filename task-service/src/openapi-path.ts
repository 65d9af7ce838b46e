import { join } from "node:path";

// The service's contract, which /openapi.yaml serves as it is and /docs renders: both read this one
// file, so the reference can never describe another version than the one served.
export const OPENAPI_PATH = join(import.meta.dirname, "../../contract/service/openapi.yaml");
