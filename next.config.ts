import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite and its Prisma adapter load WASM and data files at run time; bundling them breaks that.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@node-rs/argon2", "sharp", "pino"],
  poweredByHeader: false,
  devIndicators: false,
  // forbidden() renders a real 403 page for members who open an admin page.
  experimental: { authInterrupts: true },
};

export default nextConfig;
