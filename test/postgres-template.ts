import pg from "pg";

/** Runs one statement on the server's maintenance database (creating, dropping or closing databases). */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client(serverUrl);
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The URL of database `name` on the server `serverUrl` names. */
export function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
