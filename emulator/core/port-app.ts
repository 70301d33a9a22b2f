import { Hono } from "hono";
import { controlRoutes, type ControlOptions } from "./control";
import { faultMiddleware } from "./faults";
import { requestLogMiddleware } from "./request-log";

export type ErrorBody = (status: number, path: string) => unknown;

/**
 * Everything one port serves: request log, control endpoints, fault injection, then the service
 * routes. Service apps therefore never deal with faults, logging or /__emulator themselves.
 */
export function portApp(service: Hono, control: ControlOptions, errorBody: ErrorBody): Hono {
  const app = new Hono();
  app.use(requestLogMiddleware(control.requestLog));
  app.route("/", controlRoutes(control));
  app.use(faultMiddleware(control.faults, errorBody));
  app.route("/", service);
  app.notFound((c) => c.json(errorBody(404, c.req.path) as object, 404));
  return app;
}
