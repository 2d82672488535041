import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { checkAnswer } from "./contract";

export type RawAnswer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { code?: string; message?: string } & Record<string, unknown>;
};

/**
 * A request exactly as written: the path is not normalised, any Host can be sent, and a body given
 * as chunks goes without a Content-Length, as a chunked upload does.
 */
export function rawRequest(
  baseURL: string | undefined,
  options: { method: string; path: string; headers?: Record<string, string>; chunks?: string[] },
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseURL!);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: hostname,
        port,
        method: options.method,
        path: options.path,
        headers: options.headers,
        agent: false,
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => {
          const answer = {
            status: response.statusCode!,
            headers: response.headers,
            body: JSON.parse(text || "{}") as RawAnswer["body"],
          };
          // A target not in origin form (`*`, `http://…`) names no path of the document.
          if (!options.path.startsWith("/")) return resolve(answer);
          const checked = {
            method: options.method,
            url: `${baseURL}${options.path}`,
            status: answer.status,
            contentType: String(response.headers["content-type"] ?? ""),
            text,
          };
          checkAnswer(checked).then(() => resolve(answer), reject);
        });
      },
    );
    outgoing.on("error", reject);
    for (const chunk of options.chunks ?? []) outgoing.write(chunk);
    outgoing.end();
  });
}

/** Bytes written to the server's socket as they are (what fetch cannot send, like a target of `*`); the whole answer. */
export function rawSocket(baseURL: string | undefined, bytes: string): Promise<string> {
  const { hostname, port } = new URL(baseURL!);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}
