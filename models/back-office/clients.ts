// What the back-office's client page and its reads (clients.server.ts) share.

/** How many sessions, API keys and subscriptions the client's page lists (newest first). */
export const CLIENT_SHORT_LIST = 20;
