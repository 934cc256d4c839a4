import './app/styles';
import { startEarlyFetch } from './lib/early-fetch';

/*
 * A deliberately tiny entry. It starts, at once and in parallel, what the first screen waits for: the
 * session check, the app itself, and the first route's code (sign-in, or the signed-in shell). Without
 * this, each would wait for the one before it — a waterfall that a slow CPU makes long.
 */
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const session = startEarlyFetch('/api/session');
const app = import('./app/start');
const onSignIn = window.location.pathname.startsWith('/sign-in');
if (onSignIn) void import('./features/sign-in/sign-in-page');
session
  .then((response) => {
    if (response.ok) void import('./app/shell/app-layout');
    else if (!onSignIn) void import('./features/sign-in/sign-in-page');
  })
  .catch(() => {});

void app.then(({ start }) => start(container));
