import "server-only";
import { env } from "@/lib/env";

// Addresses only — never keys — for the admin page.
export function upstreamSummary() {
  const e = env();
  return [
    { name: "Image endpoints", url: e.IMAGE_API_BASE_URL },
    { name: "Video agent", url: e.VIDEO_AGENT_URL },
    { name: "Video inference server", url: e.VIDEO_INFERENCE_URL },
  ];
}
