// Entry of an encoder worker thread. Worker threads do not inherit the TypeScript loader of the
// main thread under every runner (vitest), so tsx is registered here before loading the TS module.
import { register } from "tsx/esm/api";

register();
await import("./encode-thread.ts");
