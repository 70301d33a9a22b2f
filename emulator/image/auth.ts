/**
 * Spec 5: the key travels as `Authorization: Bearer <API_KEY>`; a missing header, an unknown key
 * or any other scheme is refused.
 */
export function authorizedKey(header: string | undefined, apiKeys: readonly string[]): string | undefined {
  const match = /^Bearer ([^\s]+)$/.exec(header ?? "");
  return match !== null && apiKeys.includes(match[1]) ? match[1] : undefined;
}

export function isAuthorized(header: string | undefined, apiKeys: readonly string[]): boolean {
  return authorizedKey(header, apiKeys) !== undefined;
}
