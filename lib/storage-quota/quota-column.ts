// Quotas are BIGINT columns and numbers everywhere else (at most 1 PB: exact as a number).

/** A quota as the column stores it; undefined (leave it alone) and null (none) pass through. */
export function toQuotaColumn<T extends number | null | undefined>(bytes: T): bigint | Exclude<T, number> {
  return (typeof bytes === "number" ? BigInt(bytes) : bytes) as bigint | Exclude<T, number>;
}

/** A quota column as a number of bytes, or null for none. */
export function fromQuotaColumn(bytes: bigint | null | undefined): number | null {
  return bytes === undefined || bytes === null ? null : Number(bytes);
}
