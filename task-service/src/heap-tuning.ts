// V8 settings for the service's process, applied before anything else is loaded (server.ts imports
// this first).
//
// No allocation-site pretenuring: V8 starts allocating in the old generation, at any code site whose
// objects it saw outlive a young collection, and keeps doing so. A page's rows and bytes live for one
// request, yet under load a request spans a young collection, so the sites that build pages were
// pretenured: each scavenge then took 4-9 ms instead of about 1 and freed a quarter as much, the
// old generation filled at 200 MB/s, and 500-task pages at 16 connections ran 25-30% slower
// (process that generated the sandbox, 1M tasks; docs/benchmarks.md). Nothing the service keeps for
// long is allocated fast enough for pretenuring to save anything.
import { setFlagsFromString } from "node:v8";

setFlagsFromString("--no-allocation-site-pretenuring");
