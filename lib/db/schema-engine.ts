import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";

type Bindings = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");

type PanicRegistry = { set_message(message: string): void };

// The native schema engine cannot be downloaded on our machines, so we drive Prisma's WASM build.
// Node 20 cannot `import` a .wasm file (the package's entry point does), hence the manual wiring
// that its wasm-bindgen glue expects. One instance serves every engine in the process.
let bindings: Promise<Bindings> | undefined;

async function instantiate(): Promise<Bindings> {
  const glue: Bindings = await import("@prisma/schema-engine-wasm/schema_engine_bg");
  const require = createRequire(import.meta.url);
  const wasmPath = path.join(
    path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")),
    "schema_engine_bg.wasm",
  );
  const compiled = await WebAssembly.compile(await readFile(wasmPath));
  const instance = await WebAssembly.instantiate(compiled, { "./schema_engine_bg.js": withUnrefTimers(glue) });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return glue;
}

// Each engine command arms a 10 s guard timer that the engine has no way to cancel, so every
// script would linger 10 s after its work is done. Unreferenced, the timer still fires in a process
// that stays up but no longer keeps one alive.
function withUnrefTimers(glue: Bindings): WebAssembly.ModuleImports {
  const unrefTimeout = (callback: () => void, ms: number) => setTimeout(callback, ms >>> 0).unref();
  return Object.fromEntries(
    Object.entries(glue).map(([name, value]) => [
      name,
      name.startsWith("__wbg_setTimeout_") ? unrefTimeout : value,
    ]),
  );
}

// The engine reports Rust panics through this global before throwing; without it a panic
// surfaces as an opaque "unreachable" trap instead of its message.
function ensurePanicRegistry(): void {
  const scope = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: PanicRegistry };
  scope.PRISMA_WASM_PANIC_REGISTRY ??= {
    set_message(message) {
      console.error(`Prisma schema engine panicked: ${message}`);
    },
  };
}

// Failures reach callers as rejections carrying the engine's message; its log adds only progress.
const ignoreLog = () => {};

/** A schema engine (migrations, diff) talking to the database behind `adapterFactory`. */
export async function loadSchemaEngine(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
): Promise<SchemaEngine> {
  ensurePanicRegistry();
  bindings ??= instantiate();
  const { SchemaEngine } = await bindings;
  return SchemaEngine.new(
    { datamodels: undefined },
    ignoreLog,
    bindMigrationAwareSqlAdapterFactory(adapterFactory),
  );
}
