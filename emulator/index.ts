export { startEmulator, type RunningEmulator, type StartEmulatorOptions } from "./core/server";
export { configFromEnv, defaultConfig, type EmulatorConfig, type LatencyProfile } from "./core/config";
export { FaultPlan, faultMiddleware, type Fault, type FaultSetting } from "./core/faults";
export { RequestLog, requestLogMiddleware, type RequestLogEntry } from "./core/request-log";
export { controlRoutes, type ControlOptions } from "./core/control";
export { delay } from "./core/latency";
