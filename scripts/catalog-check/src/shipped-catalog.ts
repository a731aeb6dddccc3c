import { fileURLToPath } from 'node:url';

/** The built-in catalog (server/catalog). */
export const SHIPPED_CATALOG_ROOT = fileURLToPath(new URL('../../../server/catalog/', import.meta.url));
