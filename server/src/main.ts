// The server's entry. startup-memory takes effect before the rest of the modules are even parsed
// (static imports would all be parsed first), so they are loaded after it.
import './startup-memory.js';

await import('./serve.js');
