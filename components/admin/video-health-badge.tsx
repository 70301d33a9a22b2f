import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import type { ServiceHealthState } from "@/lib/videos/admin-video-dto";

const TONES = { ok: "success", degraded: "warning", unreachable: "danger" } as const;

export function HealthBadge({ state, label = state, testId }: { state: ServiceHealthState; label?: string; testId?: string }) {
  return (
    <span data-testid={testId} data-state={state}>
      <Badge tone={TONES[state]}>{label}</Badge>
    </span>
  );
}

/** Why a service is not healthy: degraded (it answered so) or unreachable (no usable answer). */
export function HealthNotice({ health, service }: { health: { state: ServiceHealthState; httpStatus: number | null; reason: string | null }; service: string }) {
  if (health.state === "ok") return null;
  const title =
    health.state === "degraded"
      ? `The ${service} reports itself degraded${health.httpStatus ? ` (HTTP ${health.httpStatus})` : ""}`
      : `The ${service} could not be checked`;
  return <Alert title={title}>{health.reason}</Alert>;
}
