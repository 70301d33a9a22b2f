import type { Hono } from "hono";
import { randomUUID } from "node:crypto";
import { createImageService } from "../image";
import { createVideoServices } from "../video";
import { Clock } from "./clock";
import { configFromEnv, validateConfig, type EmulatorConfig } from "./config";
import { deepMerge } from "./deep-merge";
import { FaultPlan } from "./faults";
import { listen, type Listening } from "./http-listener";
import { portApp, type ErrorBody } from "./port-app";
import { PORT_NAMES, type PortName, type PortSwitch } from "./port-switch";
import { RequestLog } from "./request-log";
import { createWorkDir, removeWorkDir } from "./work-dir";

export interface StartEmulatorOptions {
  /** Overrides on top of the EMULATOR_* environment (see configFromEnv). */
  config?: Partial<EmulatorConfig>;
  /** 0 (the default) picks a free port. */
  ports?: { image?: number; agent?: number; inference?: number };
  host?: string;
}

export interface RunningEmulator {
  urls: { image: string; agent: string; inference: string };
  /** The live configuration; PATCH /__emulator/config changes this same object. */
  config: EmulatorConfig;
  /** Stops listening on one port and cuts its open connections (its clients then get "connection refused"); the state is kept. */
  stopPort(name: PortName): Promise<void>;
  /** Listens again on the port `stopPort` closed, at the same URL. */
  startPort(name: PortName): Promise<void>;
  close(): Promise<void>;
}

// Spec 7.3 error body; used for faults and unknown paths on the video ports.
const videoErrorBody: ErrorBody = (status) => {
  const code = status === 404 ? "not_found" : status === 429 ? "queue_full" : "internal_error";
  return { error: { code, message: `emulated ${status}`, param: null }, request_id: randomUUID() };
};

interface PortParts {
  faults: FaultPlan;
  requestLog: RequestLog;
}

/** Starts the image, video agent and video inference services, each on its own port. */
export async function startEmulator(opts: StartEmulatorOptions = {}): Promise<RunningEmulator> {
  const initialConfig = validateConfig(deepMerge(configFromEnv(), opts.config ?? {}));
  const config: EmulatorConfig = structuredClone(initialConfig);
  const host = opts.host ?? "127.0.0.1";
  const workDir = await createWorkDir();
  const clock = new Clock();
  const urls = { image: "", agent: "", inference: "" };

  const image = createImageService({ config, workDir, clock, publicUrl: () => urls.image });
  const video = createVideoServices({
    config,
    workDir,
    clock,
    publicUrls: () => ({ agent: urls.agent, inference: urls.inference }),
  });

  const ports: Record<PortName, PortParts> = {
    image: { faults: new FaultPlan(), requestLog: new RequestLog() },
    agent: { faults: new FaultPlan(), requestLog: new RequestLog() },
    inference: { faults: new FaultPlan(), requestLog: new RequestLog() },
  };

  const replaceConfig = (next: EmulatorConfig) => {
    // Mutate in place: the services hold a reference to this object.
    for (const key of Object.keys(config) as (keyof EmulatorConfig)[]) delete config[key];
    Object.assign(config, structuredClone(next));
  };

  const listening: Partial<Record<PortName, Listening>> = {};
  const closeAll = () => Promise.all(Object.values(listening).map((server) => server.close()));
  const serveOn = async (name: PortName, port = 0) => {
    const server = await listen(apps[name], host, port);
    listening[name] = server;
    urls[name] = server.url;
  };
  const portSwitch: PortSwitch = {
    states: () => Object.fromEntries(PORT_NAMES.map((name) => [name, listening[name] ? "listening" : "stopped"])) as ReturnType<PortSwitch["states"]>,
    async stop(name) {
      const server = listening[name];
      delete listening[name];
      await server?.close();
    },
    async start(name) {
      if (!listening[name]) await serveOn(name, Number(new URL(urls[name]).port));
    },
  };

  // Reset on any port resets the whole emulator: one studio test should never see another's state,
  // nor a port another test stopped.
  const reset = async () => {
    await Promise.all(PORT_NAMES.map((name) => portSwitch.start(name)));
    replaceConfig(initialConfig);
    clock.reset();
    await image.reset();
    video.reset();
    for (const part of Object.values(ports)) {
      part.faults.clear();
      part.requestLog.clear();
    }
  };

  const controlFor = (self: PortName) => ({
    getConfig: () => config,
    patchConfig: (patch: unknown) => {
      replaceConfig(validateConfig(deepMerge(config, patch)));
      return config;
    },
    reset,
    faults: ports[self].faults,
    requestLog: ports[self].requestLog,
    clock,
    self,
    ports: portSwitch,
  });

  const apps: Record<PortName, Hono> = {
    image: portApp(image.app, controlFor("image"), image.errorBody),
    agent: portApp(video.agent, controlFor("agent"), videoErrorBody),
    inference: portApp(video.inference, controlFor("inference"), videoErrorBody),
  };
  try {
    await serveOn("image", opts.ports?.image);
    await serveOn("agent", opts.ports?.agent);
    await serveOn("inference", opts.ports?.inference);
  } catch (error) {
    await closeAll();
    await Promise.all([image.close(), video.close()]);
    await removeWorkDir(workDir);
    throw error;
  }

  let closed: Promise<void> | undefined;
  return {
    urls,
    config,
    stopPort: portSwitch.stop,
    startPort: portSwitch.start,
    close: () =>
      (closed ??= (async () => {
        await closeAll();
        await Promise.all([image.close(), video.close()]);
        await removeWorkDir(workDir);
      })()),
  };
}
