// Security headers, one definition for every response the studio sends.
// Browser-safe and dependency-free: next.config.ts and proxy.ts both read it.

/** Sent with every response: pages, API answers, assets and static files. */
export const baseSecurityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
] as const;

// API answers and stored files are data, never documents: even a file that smuggles HTML (a PNG
// with a <script> tail) cannot run script, load anything or be framed when opened directly.
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox";

// Pages: scripts only with this response's nonce ('strict-dynamic' lets Next's own chunks load),
// styles from the studio (inline style attributes are React's, hence 'unsafe-inline' for styles only),
// images from the studio and from blobs/data URLs of the user's own picks, and no framing.
// `objectStore`: the origin of an object store's presigned URLs, where delivery links redirect images
// and video (a link is refused at its redirect unless the page allows where it leads).
export function pageContentSecurityPolicy(nonce: string, options: { dev: boolean; objectStore?: string }): string {
  const store = options.objectStore ? ` ${options.objectStore}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' blob: data:${store}`,
    `media-src 'self' blob:${store}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
