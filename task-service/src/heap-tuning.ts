// V8 settings for the service's process, applied before anything else is loaded (server.ts imports
// this first).
//
// No allocation-site pretenuring. V8 switches a code site to allocate straight in the old
// generation once it sees most of that site's objects outlive a young collection. A page's rows and
// bytes live for one request, but under load a request spans a young collection, and generating the
// sandbox keeps each batch alive across many. In the process that had generated a million tasks,
// scavenges took 4-9 ms instead of about 1, the old generation filled at 200 MB/s, and 500-task
// pages at 16 connections ran at 57-66% of a bare server's rate; with this option off, at 83-88%
// (docs/benchmarks.md, "Fifth pass"). Nothing the service keeps for long is allocated fast enough
// for pretenuring to save anything.
import { setFlagsFromString } from "node:v8";

setFlagsFromString("--no-allocation-site-pretenuring");
