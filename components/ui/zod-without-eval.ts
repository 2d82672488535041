// Imported first, for its effect, by a module that brings classic zod to a page (the AI SDK's,
// the API reference's). Classic zod probes for `new Function` when it builds its first object
// schema, to compile a faster parser; the app's Content-Security-Policy (no 'unsafe-eval')
// refuses the probe, and the browser reports a violation though zod swallows the refusal. zod
// keeps one config for every copy in the page, so parsing without the compiler is set here,
// before the importing module's other imports build their schemas.
import { config } from "zod/mini";

config({ jitless: true });
