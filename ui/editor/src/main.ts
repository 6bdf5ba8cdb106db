// The editor's entry point: takes the session token out of the address, starts the shared store and
// defines every element. index.html holds <rr-editor-app>; nothing is inline (the server's CSP).
import { takeSessionToken } from './session/session-token.js';
import { startStore } from './session/editor-store.js';

startStore(takeSessionToken());

// Element definitions register themselves on import; the shell last, so its pages exist when it renders.
await import('./elements.js');
