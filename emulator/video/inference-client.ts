import { writeFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";

/** Spec 4.5 POST body, as the agent sends it. */
export interface InferenceBody {
  model: string;
  prompt: string;
  seconds: number;
  task: string;
  conditions: { type: string; uri: string; role: string; frame_index?: number }[];
  target: { short_edge: number; aspect_ratio: string; duration_seconds: number };
  num_outputs_per_prompt: number;
  num_inference_steps: number;
  flow_shift: number;
  audio_flow_shift: number;
  seed: number;
}

async function describeFailure(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  return `inference server answered HTTP ${response.status}${text ? `: ${text.slice(0, 300)}` : ""}`;
}

/**
 * The agent's client of its inference server: real HTTP to {inference_url} (spec 4.5), so the
 * inference port's faults and request log see the agent's traffic. Any failure fails the job.
 */
export class InferenceClient {
  constructor(private readonly baseUrl: () => string) {}

  async generate(body: InferenceBody, outputPath: string, pollIntervalMs: number, signal: AbortSignal): Promise<void> {
    const submitted = await fetch(`${this.baseUrl()}/v1/videos`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });
    if (!submitted.ok) throw new Error(await describeFailure(submitted));
    const { id } = (await submitted.json()) as { id: string };

    for (;;) {
      const polled = await fetch(`${this.baseUrl()}/v1/videos/${id}`, { signal });
      if (!polled.ok) throw new Error(await describeFailure(polled));
      const status = (await polled.json()) as { status: string; error?: { message?: string } };
      if (status.status === "completed") break;
      if (status.status === "failed") throw new Error(status.error?.message ?? "inference failed");
      await sleep(pollIntervalMs, undefined, { signal });
    }

    const content = await fetch(`${this.baseUrl()}/v1/videos/${id}/content`, { signal });
    if (!content.ok) throw new Error(await describeFailure(content));
    await writeFile(outputPath, Buffer.from(await content.arrayBuffer()));
  }
}
