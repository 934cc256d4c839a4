import { DirectoryEngine } from './customer-directory-engine';
import type { FromEngine, ToEngine } from './customer-directory-protocol';

/** The customer directory's worker: the engine, talking to the page by messages (customer-directory.ts). */
const scope = self as unknown as {
  postMessage(message: FromEngine): void;
  onmessage: ((event: MessageEvent<ToEngine>) => void) | null;
};
const engine = new DirectoryEngine((message) => scope.postMessage(message));
scope.onmessage = (event) => engine.handle(event.data);
