import './app/styles';
import { start } from './app/start';

/*
 * The app and everything its first screen needs load as one static graph: Vite lists it in index.html
 * (modulepreload), so the browser fetches it in parallel with no waterfall, and the session comes with
 * the page (lib/session.ts, sessionFromPage), so nothing waits for a round trip before the first render.
 * Each route's own code stays lazy (app/router.tsx) and starts loading as soon as the router matches it.
 */
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
start(container);
