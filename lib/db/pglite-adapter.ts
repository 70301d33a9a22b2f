import { PGlite } from "@electric-sql/pglite";
import type { SqlDriverAdapter } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { toDriverAdapterError } from "./driver-error";

/**
 * `pglite-prisma-adapter` with two fixes the migration engine depends on:
 * - 0.7.2's `executeScript` fires `exec` without awaiting it, so a failing migration is recorded
 *   as applied and its rejection crashes the process later; here the script is awaited and its
 *   error reaches the engine, which then records the migration as failed.
 * - its shadow database (used by `diff` from a migrations directory) is never closed, and a live
 *   PGlite keeps a timer that stops scripts from exiting; here disposing it closes it.
 */
export class MigrationSafePGlite extends PrismaPGlite {
  constructor(private readonly pglite: PGlite) {
    super(pglite);
  }

  override async connect(): Promise<SqlDriverAdapter> {
    return awaitScripts(await super.connect(), this.pglite);
  }

  override async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const shadow = new PGlite("memory://");
    const adapter = awaitScripts(await new PrismaPGlite(shadow).connect(), shadow);
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      await shadow.close();
    };
    return adapter;
  }
}

// The adapter class itself is not exported by the package, so the method is replaced on the
// instance it hands out. `exec` sends the script as one simple query: an implicit transaction, so
// a failing migration leaves nothing behind.
function awaitScripts(adapter: SqlDriverAdapter, pglite: PGlite): SqlDriverAdapter {
  adapter.executeScript = async (script: string) => {
    try {
      await pglite.exec(script);
    } catch (error) {
      throw toDriverAdapterError(error);
    }
  };
  return adapter;
}
