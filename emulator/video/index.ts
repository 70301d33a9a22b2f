import { rm } from "node:fs/promises";
import path from "node:path";
import type { Hono } from "hono";
import type { Clock } from "../core/clock";
import type { EmulatorConfig } from "../core/config";
import { agentApp } from "./agent";
import { AgentService } from "./agent-service";
import { resolveVideoSettings, type VideoSettings } from "./config";
import { videoControlRoutes } from "./control-routes";
import { EncoderLane } from "./encoder-lane";
import { InferenceServer } from "./inference";


export interface VideoServicesContext {
  /** The live emulator configuration; `config.video` is read on every use, so patches apply at once. */
  config: EmulatorConfig;
  workDir: string;
  /** The emulator's clock: job timestamps and retention read it. */
  clock: Clock;
  publicUrls: () => { agent: string; inference: string };
}

export interface VideoServices {
  agent: Hono;
  inference: Hono;
  reset(): void;
  close(): Promise<void>;
}

/** The video agent (spec 4.4) and the video inference server (spec 4.5), served on separate ports by the core. */
export function createVideoServices(ctx: VideoServicesContext): VideoServices {
  // Parsed again only when the core replaces the config (PATCH, reset). The core cannot validate
  // `video` against our schema: at start a bad value throws; later, refused fields are logged and
  // fall back to their defaults, so a bad patch never breaks running jobs.
  let cached = { latency: ctx.config.latency, video: ctx.config.video, settings: resolveVideoSettings(ctx.config.latency, ctx.config.video) };
  const settings = (): VideoSettings => {
    const { latency, video } = ctx.config;
    if (cached.latency !== latency || cached.video !== video) {
      const warn = (problems: string) => console.error(`[video] ignoring refused config.video fields: ${problems}`);
      cached = { latency, video, settings: resolveVideoSettings(latency, video, warn) };
    }
    return cached.settings;
  };

  const root = path.join(ctx.workDir, "video");
  const generationLane = new EncoderLane("video-generation-encoder");
  const upscaleLane = new EncoderLane("video-upscale-encoder");
  const inference = new InferenceServer(settings, ctx.clock, path.join(root, "inference"), generationLane);
  const agentService = new AgentService({
    settings,
    clock: ctx.clock,
    root: path.join(root, "agent"),
    agentUrl: () => ctx.publicUrls().agent,
    inferenceUrl: () => ctx.publicUrls().inference,
    upscaleLane,
  });
  const agent = agentApp(agentService, settings);
  agent.route("/__emulator/video", videoControlRoutes(agentService));

  return {
    agent,
    inference: inference.app,
    reset() {
      inference.reset();
      void agentService.reset();
    },
    async close() {
      agentService.close();
      inference.close();
      await Promise.all([generationLane.close(), upscaleLane.close()]);
      await rm(root, { recursive: true, force: true });
    },
  };
}
