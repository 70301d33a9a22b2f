import "server-only";
import { env } from "@/lib/env";

/**
 * The address people use to reach the studio: STUDIO_PUBLIC_URL when set (a reverse proxy's public
 * name), else the one this request came to. Invite links are built on it.
 */
export function studioOrigin(headers: Headers): string {
  const configured = env().STUDIO_PUBLIC_URL;
  if (configured) return new URL(configured).origin;
  const host = headers.get("x-forwarded-host") ?? headers.get("host") ?? "localhost";
  const protocol = headers.get("x-forwarded-proto")?.split(",")[0].trim() === "https" ? "https" : "http";
  return `${protocol}://${host}`;
}
