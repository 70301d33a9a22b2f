import { Hono } from "hono";
import path from "node:path";
import type { Clock } from "../core/clock";
import type { EmulatorConfig } from "../core/config";
import { alphaDialect } from "./alpha-dialect";
import { alphaV3, ALPHA_V3_PATH } from "./alpha-v3";
import { alphaV35, ALPHA_V35_PATH } from "./alpha-v35";
import { beta, BETA_PATH } from "./beta";
import { BetaAccount } from "./beta-account";
import { betaDialect } from "./beta-dialect";
import { ConcurrencyGate } from "./concurrency";
import { imageEndpoint, type ImageDeps } from "./endpoint";
import { imagePortErrorBody } from "./errors";
import { FileStore } from "./files";

export interface ImageServiceContext {
  config: EmulatorConfig;
  workDir: string;
  clock: Clock;
  publicUrl: () => string;
}

export interface ImageService {
  app: Hono;
  /** Error body for injected faults and unknown paths on the image port. */
  errorBody: (status: number, path: string) => unknown;
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** The alpha and beta image endpoints and the issued-file downloads, on one port (spec 4.1–4.3). */
export function createImageService(ctx: ImageServiceContext): ImageService {
  const files = new FileStore(path.join(ctx.workDir, "images"), ctx.clock, ctx.config, ctx.publicUrl);
  const deps: ImageDeps = {
    config: ctx.config,
    files,
    clock: ctx.clock,
    gate: new ConcurrencyGate(() => ctx.config.imageConcurrency),
    betaAccount: new BetaAccount(ctx.config),
  };

  const app = new Hono();
  app.onError((error, c) => {
    console.error("image service error", error);
    return c.json(imagePortErrorBody(500, c.req.path) as object, 500);
  });
  app.post(ALPHA_V3_PATH, imageEndpoint(deps, alphaDialect, alphaV3));
  app.post(ALPHA_V35_PATH, imageEndpoint(deps, alphaDialect, alphaV35));
  app.post(BETA_PATH, imageEndpoint(deps, betaDialect, beta));
  files.mount(app);

  return {
    app,
    errorBody: imagePortErrorBody,
    reset: () => {
      deps.betaAccount.reset();
      return files.reset();
    },
    close: () => files.close(),
  };
}
