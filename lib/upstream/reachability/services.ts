// The upstream services whose reachability the studio follows, and how designers and admins read
// their names. No I/O here, so forms, the shell and the admin page share it with the server.

export const UPSTREAM_SERVICES = ["image", "video_agent", "video_inference"] as const;

export type UpstreamService = (typeof UPSTREAM_SERVICES)[number];

export const UPSTREAM_SERVICE_LABELS: Record<UpstreamService, string> = {
  image: "the image service",
  video_agent: "the video agent",
  video_inference: "the video inference server",
};

export function unreachableMessage(service: UpstreamService): string {
  const label = UPSTREAM_SERVICE_LABELS[service];
  return `${label[0].toUpperCase()}${label.slice(1)} is unreachable: the studio could not connect to it. Run it again once it is back.`;
}
