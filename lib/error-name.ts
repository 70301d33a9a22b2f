// Errors are told apart by their `name`, a string literal each class sets (minifiers rename classes,
// never strings), and never by `instanceof`: a production server build can hold one copy of a class
// per chunk, and an error thrown by one copy is no instance of another. Browser-safe: no imports.

/** Whether `error` is an object whose `name` is `name` (a plain object with that name counts too). */
export function hasErrorName(error: unknown, name: string): boolean {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === name;
}
