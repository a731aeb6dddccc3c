import type { CatalogItem } from 'shared';

/** Each item's searchable text, made once per item (the catalog's items live as long as its query). */
const searchableTexts = new WeakMap<CatalogItem, string>();

/** Every text the search box looks through (spec: name, description, keywords, tags, license, URLs). */
function searchableText(item: CatalogItem): string {
  let text = searchableTexts.get(item);
  if (text === undefined) {
    text = joinedText(item);
    searchableTexts.set(item, text);
  }
  return text;
}

function joinedText(item: CatalogItem): string {
  return [
    item.name,
    item.slug,
    item.summary,
    item.description,
    item.license,
    item.homepage_url,
    item.repository_url,
    item.registry_url,
    item.documentation_url,
    ...(item.keywords ?? []),
    ...(item.tags ?? []),
    ...(item.alternative_to ?? []),
  ]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
}

/**
 * The items matching the search (every word must appear, in any field, any case) and, when tags
 * are selected, carrying at least one of them. Catalog order is kept.
 */
export function filterCatalog(
  items: readonly CatalogItem[],
  search: string,
  selectedTags: ReadonlySet<string>,
): CatalogItem[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return items.filter((item) => {
    if (selectedTags.size > 0 && !(item.tags ?? []).some((tag) => selectedTags.has(tag))) return false;
    if (words.length === 0) return true;
    const text = searchableText(item);
    return words.every((word) => text.includes(word));
  });
}

/** The tags of the catalog, each once, alphabetically. */
export function catalogTags(items: readonly CatalogItem[]): string[] {
  return [...new Set(items.flatMap((item) => item.tags ?? []))].sort((a, b) => a.localeCompare(b));
}

/** The tag a URL hash names (`#Media`, `#Home%20Automation`), if the catalog knows it. */
export function tagFromHash(hash: string, tags: readonly string[]): string | null {
  if (!hash.startsWith('#') || hash.length < 2) return null;
  let wanted: string;
  try {
    wanted = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  return (
    tags.find((tag) => tag === wanted) ??
    tags.find((tag) => tag.toLowerCase() === wanted.toLowerCase()) ??
    null
  );
}
