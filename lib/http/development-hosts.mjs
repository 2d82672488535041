// The host names `npm run dev` answers to, in one list: next.config.mjs hands it to `next dev` as
// allowedDevOrigins (which serves its scripts and hot reload only there), and the proxy and the
// origin check (lib/http/request.ts) refuse every other Host and Origin. A plain ES module, so the
// config, read by Node before anything is compiled, can import it.
import { networkInterfaces } from "node:os";

/**
 * Loopback, this machine's own IPv4 addresses (the "Network:" address `next dev` prints), and the
 * hosts of APP_ORIGIN. Any other name reaching the server is a page on a domain pointed at this
 * machine, such as a DNS-rebinding attack on a developer's local app.
 * @param {readonly string[]} appOrigins APP_ORIGIN's entries; one that is not a URL names no host.
 * @returns {string[]}
 */
export function developmentHosts(appOrigins) {
  const addresses = Object.values(networkInterfaces())
    .flat()
    .flatMap((entry) => (entry?.family === "IPv4" ? [entry.address] : []));
  const configured = appOrigins.flatMap((origin) =>
    URL.canParse(origin) ? [new URL(origin).hostname] : [],
  );
  return [...new Set(["localhost", "127.0.0.1", "[::1]", ...addresses, ...configured])];
}
