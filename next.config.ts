import type { NextConfig } from "next";
import { buildDir } from "./scripts/build-dir";
import { apiContentSecurityPolicy, baseSecurityHeaders } from "./lib/security/headers";

const nextConfig: NextConfig = {
  // heic-decode carries libheif as a 1.9 MB WebAssembly bundle: loaded from node_modules, not bundled.
  // The ffmpeg/ffprobe installers find their platform package's binary at run time.
  // pg-boss (the job sender, lib/engine/job-sender) is loaded from node_modules, as the worker loads it.
  serverExternalPackages: ["@node-rs/argon2", "sharp", "pino", "heic-decode", "@ffmpeg-installer/ffmpeg", "@ffprobe-installer/ffprobe", "pg-boss"],
  poweredByHeader: false,
  distDir: buildDir(),
  // `npm test` type-checks the whole repository (tsc) before building; skipping it here keeps
  // `npm start` fast on a fresh machine.
  typescript: { ignoreBuildErrors: true },
  devIndicators: false,
  // forbidden() renders a real 403 page for members who open an admin page.
  experimental: { authInterrupts: true },
  // Pages get their nonce-based CSP from proxy.ts; everything gets the base headers.
  async headers() {
    return [
      { source: "/:path*", headers: [...baseSecurityHeaders] },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: apiContentSecurityPolicy }] },
    ];
  },
};

export default nextConfig;
