import { DriverAdapterError } from "@prisma/driver-adapter-utils";

type PostgresError = Error & {
  code: string;
  severity: string;
  detail?: string;
  column?: string;
  hint?: string;
};

function isPostgresError(error: unknown): error is PostgresError {
  return (
    error instanceof Error &&
    typeof (error as Partial<PostgresError>).code === "string" &&
    typeof (error as Partial<PostgresError>).severity === "string"
  );
}

/** A PostgreSQL error in the shape driver adapters report, so the engine shows PostgreSQL's message. */
export function toDriverAdapterError(error: unknown): unknown {
  if (!isPostgresError(error)) return error;
  return new DriverAdapterError({
    kind: "postgres",
    code: error.code,
    severity: error.severity,
    message: error.message,
    detail: error.detail,
    column: error.column,
    hint: error.hint,
  });
}
