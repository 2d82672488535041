import "server-only";
import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import { AppError } from "./errors";

// The Fetch standard forbids TRACE (and TRACK and CONNECT, which Node's parser never hands to a
// request listener): Next cannot build a Request for it, so it answers 500 before the proxy or any
// handler runs. It is refused here, as the Node server receives it.
const UNSERVED_METHODS = new Set(["TRACE"]);
const ALLOW = "GET, HEAD, POST";

let installed = false;

/** Answers 405 `method-not-allowed` to TRACE on every HTTP server of this process. */
export function refuseUnservedMethods(): void {
  if (installed) return;
  installed = true;
  const emit = Server.prototype.emit;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      if (UNSERVED_METHODS.has(request.method?.toUpperCase() ?? "")) {
        const refusal = new AppError("method-not-allowed", `${request.method} is not served here.`);
        response.writeHead(refusal.status, { allow: ALLOW, "content-type": "application/json" }).end(JSON.stringify(refusal.toBody()));
        return true;
      }
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  };
}
