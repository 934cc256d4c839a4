/**
 * Requests started by the entry script before the app's code has even loaded (the session check), handed
 * over to the API client when it asks for the same URL. Each response is used once; a later request
 * for the same URL goes to the network as usual.
 */
const early = new Map<string, Promise<Response>>();

export function startEarlyFetch(url: string): Promise<Response> {
  const response = fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  // The app may never ask (a failed chunk load): an unhandled rejection here would only be noise.
  response.catch(() => {});
  early.set(url, response);
  return response;
}

export function takeEarlyResponse(method: string, url: string): Promise<Response> | undefined {
  if (method !== 'GET') return undefined;
  const response = early.get(url);
  early.delete(url);
  return response;
}
