/** The fields of `patch` whose value differs from `before` (an edit that changes nothing writes nothing). */
export function changedOnly<T extends object>(before: T, patch: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([key, value]) => value !== undefined && value !== (before as Record<string, unknown>)[key])) as Partial<T>;
}

/** `record`'s values of the fields `keys` names: an audit entry's "before" of a change. */
export const pick = <T extends object>(record: T, keys: object) => Object.fromEntries(Object.keys(keys).map((key) => [key, (record as Record<string, unknown>)[key]]));
