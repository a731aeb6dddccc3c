import { catalogItem } from '../test-support/catalog-fixtures';
import { catalogTags, filterCatalog, tagFromHash } from './catalog-filter';

const jellyfin = catalogItem({
  id: 'jellyfin',
  name: 'Jellyfin',
  tags: ['Media'],
  keywords: ['streaming'],
  alternative_to: ['Plex'],
  license: 'GPL-2.0',
});
const gitea = catalogItem({
  id: 'gitea',
  name: 'Gitea',
  tags: ['Development'],
  repository_url: 'https://github.com/go-gitea/gitea',
});
const immich = catalogItem({ id: 'immich', name: 'Immich', tags: ['Media', 'Photos'] });
const items = [jellyfin, gitea, immich];

test('search looks through names, keywords, alternatives, licenses and URLs, in any case', () => {
  expect(filterCatalog(items, 'STREAMING', new Set())).toEqual([jellyfin]);
  expect(filterCatalog(items, 'plex', new Set())).toEqual([jellyfin]);
  expect(filterCatalog(items, 'gpl', new Set())).toEqual([jellyfin]);
  expect(filterCatalog(items, 'go-gitea', new Set())).toEqual([gitea]);
  expect(filterCatalog(items, '  ', new Set())).toEqual(items);
});

test('every search word must match, and selected tags keep items carrying any of them', () => {
  expect(filterCatalog(items, 'jellyfin plex', new Set())).toEqual([jellyfin]);
  expect(filterCatalog(items, 'jellyfin gitea', new Set())).toEqual([]);
  expect(filterCatalog(items, '', new Set(['Photos']))).toEqual([immich]);
  expect(filterCatalog(items, '', new Set(['Photos', 'Development']))).toEqual([gitea, immich]);
  expect(filterCatalog(items, 'immich', new Set(['Development']))).toEqual([]);
});

test('a search ranks matches in the name first, then in keywords and tags, then in other texts', () => {
  const inDescription = catalogItem({
    id: 'syncthing',
    name: 'Syncthing',
    description: 'Keeps folders in sync; a peer to peer alternative to cloud drives.',
  });
  const inKeywords = catalogItem({ id: 'seafile', name: 'Seafile', keywords: ['cloud', 'sync'] });
  const inTags = catalogItem({ id: 'filebrowser', name: 'File Browser', tags: ['Cloud'] });
  const inName = catalogItem({ id: 'owncloud', name: 'ownCloud' });
  const nameStarts = catalogItem({ id: 'cloudreve', name: 'Cloudreve' });
  // Catalog order is by name; the search reorders by where 'cloud' is found.
  const catalog = [nameStarts, inTags, inName, inKeywords, inDescription];
  expect(filterCatalog(catalog, 'cloud', new Set()).map((item) => item.id)).toEqual([
    'cloudreve',
    'owncloud',
    'filebrowser',
    'seafile',
    'syncthing',
  ]);
  // Every word counts: 'cloud sync' is in Seafile's keywords, in Syncthing's name and description.
  expect(filterCatalog(catalog, 'cloud sync', new Set()).map((item) => item.id)).toEqual([
    'seafile',
    'syncthing',
  ]);
  // Equal ranks keep the catalog order, and selected tags still narrow the ranked list.
  expect(filterCatalog([inName, nameStarts], 'cloud', new Set()).map((item) => item.id)).toEqual([
    'cloudreve',
    'owncloud',
  ]);
  expect(filterCatalog(catalog, 'cloud', new Set(['Cloud'])).map((item) => item.id)).toEqual(['filebrowser']);
});

test('tags are listed once, alphabetically; a hash selects a known tag only', () => {
  const tags = catalogTags(items);
  expect(tags).toEqual(['Development', 'Media', 'Photos']);
  expect(tagFromHash('#Media', tags)).toBe('Media');
  expect(tagFromHash('#media', tags)).toBe('Media');
  expect(tagFromHash('#Home%20Automation', [...tags, 'Home Automation'])).toBe('Home Automation');
  expect(tagFromHash('#Games', tags)).toBeNull();
  expect(tagFromHash('', tags)).toBeNull();
  expect(tagFromHash('#%E0%A4%A', tags)).toBeNull();
});
