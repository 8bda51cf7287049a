/**
 * `record[key]` for a key that came from a visitor: only the record's own
 * entries count, so "constructor" or "__proto__" never reach Object.prototype.
 */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
