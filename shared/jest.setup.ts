// jsdom lacks TextEncoder (react-router 7) and crypto.subtle (secret encryption): fill them in.
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { Crypto } from '@peculiar/webcrypto';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no layout, so scrolling moves nothing; it prints a 'Not implemented' stack for
// window.scrollTo (framer-motion calls it while measuring) and has no Element.scrollTo at all.
window.scrollTo = () => undefined;
Element.prototype.scrollTo = () => undefined;
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: new Crypto(), configurable: true });
}

// Component journeys render Chakra UI in jsdom; on a loaded 2-core machine the longest take
// seconds. A generous limit keeps them from failing on load alone (waits still fail fast).
jest.setTimeout(20_000);

// Tabs and panels loaded on first use (React.lazy) are compiled by ts-jest at their first import:
// on a loaded machine that alone can pass Testing Library's default 1 s for findBy/waitFor.
configure({ asyncUtilTimeout: 5_000 });
