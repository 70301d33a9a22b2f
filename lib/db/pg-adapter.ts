import { randomUUID } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { toDriverAdapterError } from "./driver-error";
import { reportIdleConnectionError } from "./idle-connection-error";

type Adapter = Awaited<ReturnType<PrismaPg["connect"]>>;

/**
 * `@prisma/adapter-pg` with a fix every transaction needs: Prisma's query plans fetch an `include`'s
 * relations at once, which inside a transaction (one connection) sends a statement while another is
 * under way; pg 8 queues it with a deprecation warning, and pg 9 refuses it. A transaction's
 * statements are sent one after another here.
 *
 * And two fixes the migration engine depends on:
 * - 7.10's `executeScript` splits the script on every ";" (breaking string literals and function
 *   bodies that contain one) and runs the pieces one by one, so a failing migration stays half
 *   applied. Sent whole as one simple query, the script is an implicit transaction: all of it
 *   applies or none, as with Prisma's native engine.
 * - its shadow database (where a diff replays the migrations) copies the pool's settings and
 *   changes their `database`, which a `connectionString` overrides: the replay lands on the real
 *   database. Here the shadow database gets a URL of its own, and is dropped when disposed; and
 *   since the engine reads that database's catalog, whose `"char"` columns the adapter refuses to
 *   decode, those columns reach it as the text they are.
 */
export class MigrationSafePg extends PrismaPg {
  constructor(private readonly pool: pg.Pool) {
    super(pool);
  }

  override async connect(): Promise<Adapter> {
    return transactionsOneStatementAtATime(awaitScripts(await super.connect(), this.pool));
  }

  override async connectToShadowDb(): Promise<Adapter> {
    const name = `prisma_shadow_${randomUUID().replaceAll("-", "")}`;
    await this.pool.query(`CREATE DATABASE "${name}"`);
    const url = new URL(this.pool.options.connectionString ?? "");
    url.pathname = `/${name}`;
    const shadowPool = new pg.Pool({ connectionString: url.toString() });
    // The drop below ends connections that pool.end() has let go of but not yet closed.
    shadowPool.on("error", reportIdleConnectionError);
    const adapter = charColumnsAsText(awaitScripts(await new PrismaPg(shadowPool).connect(), shadowPool));
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      await shadowPool.end();
      await this.pool.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    };
    return adapter;
  }
}

function transactionsOneStatementAtATime(adapter: Adapter): Adapter {
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (...args) => {
    const transaction = await startTransaction(...args);
    const target = transaction as unknown as { performIO: PerformIO };
    const performIO = target.performIO.bind(transaction);
    let previous: Promise<unknown> = Promise.resolve();
    target.performIO = (query) => {
      const result = previous.then(() => performIO(query));
      previous = result.catch(() => undefined);
      return result;
    };
    return transaction;
  };
  return adapter;
}

function awaitScripts(adapter: Adapter, pool: pg.Pool): Adapter {
  adapter.executeScript = async (script: string) => {
    try {
      // Without parameters, `pg` uses the simple query protocol, which accepts many statements.
      await pool.query(script);
    } catch (error) {
      throw toDriverAdapterError(error);
    }
  };
  return adapter;
}

/** PostgreSQL's one-byte `"char"` type and `text`, by type OID. */
const CHAR_OID = 18;
const TEXT_OID = 25;

type QueryResult = { fields: { dataTypeID: number }[] };
type PerformIO = (query: unknown) => Promise<QueryResult>;

function charColumnsAsText(adapter: Adapter): Adapter {
  const target = adapter as unknown as { performIO: PerformIO };
  const performIO = target.performIO.bind(adapter);
  target.performIO = async (query) => {
    const result = await performIO(query);
    for (const field of result.fields) if (field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID;
    return result;
  };
  return adapter;
}
