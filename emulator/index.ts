export { startEmulator, type RunningEmulator } from "./core/server";
