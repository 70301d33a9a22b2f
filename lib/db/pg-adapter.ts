import { PrismaPg } from "@prisma/adapter-pg";
import type pg from "pg";
import { toDriverAdapterError } from "./driver-error";

/**
 * `@prisma/adapter-pg` whose `executeScript` runs a migration the way Prisma's native engine does.
 * 7.10's version splits the script on every ";" (breaking string literals and function bodies that
 * contain one) and runs the pieces one by one, so a failing migration stays half applied. Sent
 * whole as one simple query, the script is an implicit transaction: all of it applies or none.
 */
export class MigrationSafePg extends PrismaPg {
  constructor(private readonly pool: pg.Pool) {
    super(pool);
  }

  override async connect(): ReturnType<PrismaPg["connect"]> {
    const adapter = await super.connect();
    adapter.executeScript = async (script: string) => {
      try {
        // Without parameters, `pg` uses the simple query protocol, which accepts many statements.
        await this.pool.query(script);
      } catch (error) {
        throw toDriverAdapterError(error);
      }
    };
    return adapter;
  }
}
