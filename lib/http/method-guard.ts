import "server-only";
import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { allowedMethods, methodNotAllowed, refusalBeforeFramework, targetPath } from "./api-routes";
import { AppError } from "./errors";

let installed = false;

/** The framework's and Node's own refusals (405, 431, 400) get a JSON body with a stable code like every other. */
export function refuseUnservedMethods(): void {
  if (installed) return;
  installed = true;
  const emit = Server.prototype.emit;
  Server.prototype.emit = function (
    this: Server,
    event: string | symbol,
    ...args: unknown[]
  ): boolean {
    if (event === "request") {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      const early = refusalBeforeFramework(request.method ?? "", request.url ?? "");
      if (early) {
        const body = JSON.stringify(early.error.toBody());
        const headers = {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          ...(early.allow ? { allow: early.allow } : {}),
        };
        response.writeHead(early.error.status, headers).end(body);
        return true;
      }
      describeBareMethodRefusal(request, response);
    }
    if (event === "clientError") {
      const [error, socket] = args as [NodeJS.ErrnoException, Duplex];
      refuseUnparsable(error, socket);
      return true;
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  };
}

/** Settled in `writeHead`, which compression may call before `end`: the empty `end` then carries the body. */
function describeBareMethodRefusal(request: IncomingMessage, response: ServerResponse): void {
  let bare = false;
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const status = typeof args[0] === "number" ? args[0] : response.statusCode;
    const named = args.some(
      (arg) =>
        typeof arg === "object" &&
        arg !== null &&
        Object.keys(arg).some((name) => name.toLowerCase() === "content-type"),
    );
    if (status === 405 && !named && !response.hasHeader("content-type")) {
      bare = true;
      response.setHeader("content-type", "application/json");
      response.removeHeader("content-length");
      const allow = allowedMethods(targetPath(request.url ?? "") ?? "");
      if (allow && !response.hasHeader("allow")) response.setHeader("allow", allow);
    }
    return writeHead.apply(this, args as Parameters<typeof writeHead>);
  } as typeof response.writeHead;
  const end = response.end;
  response.end = function (this: ServerResponse, ...args: unknown[]) {
    const empty = args.length === 0 || args[0] == null || typeof args[0] === "function";
    if (
      empty &&
      !response.headersSent &&
      response.statusCode === 405 &&
      !response.hasHeader("content-type")
    )
      response.writeHead(405);
    if (empty && bare) {
      const done = args.find((arg): arg is () => void => typeof arg === "function");
      return end.call(
        this,
        JSON.stringify(methodNotAllowed(request.method).toBody()),
        "utf8",
        done,
      );
    }
    return end.apply(this, args as Parameters<typeof end>);
  } as typeof response.end;
}

/** What Node would answer itself (431 or 400, then close), with a JSON body and a stable code. */
function refuseUnparsable(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || error.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const refusal =
    error.code === "HPE_HEADER_OVERFLOW"
      ? new AppError("headers-too-large", "The request's headers are too large.")
      : new AppError("malformed-request", "The request could not be read as HTTP.");
  const body = JSON.stringify(refusal.toBody());
  const reason = refusal.status === 431 ? "Request Header Fields Too Large" : "Bad Request";
  socket.end(
    `HTTP/1.1 ${refusal.status} ${reason}\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
