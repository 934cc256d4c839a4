/**
 * The backend's paths: the gateway (`/api`), the embedded service (`/v1`, `/openapi.json`) and the health
 * checks (`/health`). Everything else is the app's: the built app's history fallback (gateway/static-app.ts)
 * never answers these, and `npm run dev` (gateway/dev-server.ts) sends only these to the backend, the rest to
 * Vite. Takes a path, with or without its query string.
 */
export function isBackendPath(path: string): boolean {
  return /^\/(api|v1|health)(\/|$|\?)|^\/openapi\.json($|\?)/.test(path);
}
