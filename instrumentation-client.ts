import { z } from "zod";

// Runs in the browser before any of the app's modules. zod compiles fast parsers with `new
// Function` and probes for it first; the Content-Security-Policy (no 'unsafe-eval') refuses that
// probe and the browser reports a violation on every page. Parsing without it is fast enough here.
z.config({ jitless: true });
