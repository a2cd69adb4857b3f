const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else is answered as "not found" before it reaches the database. */
export const isUuid = (value: string) => UUID.test(value);
