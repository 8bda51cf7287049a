/** Row ids are UUIDs; anything else in a URL is simply "not found" (never a database error). */
export const isUuid = (id: string | undefined | null): id is string =>
  typeof id === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
