/** The catalog area's error catalogue: templates, their versions and assets (spec sections 5 and 8). */
import { DomainError } from '../errors/domain-error.js';

export const catalogErrors = {
  appNotFound: () => new DomainError('CATALOG_APP_NOT_FOUND', 'App not found'),
  noFreeVersion: (appName: string) =>
    new DomainError('CATALOG_NO_FREE_VERSION', `No version of ${appName} is available on the Free plan`),
  versionNotFound: (version: string, appName: string) =>
    new DomainError('CATALOG_VERSION_NOT_FOUND', `Version ${version} of ${appName} was not found`),
  versionNeedsPro: (version: string, appName: string) =>
    new DomainError(
      'CATALOG_VERSION_NEEDS_PRO',
      `Version ${version} of ${appName} requires a Pro subscription`,
    ),
  assetNameInvalid: () => new DomainError('CATALOG_ASSET_INVALID', 'Invalid asset name'),
  assetNotFound: () => new DomainError('CATALOG_ASSET_NOT_FOUND', 'Asset not found'),
} as const;
