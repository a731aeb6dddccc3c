import type { CatalogItem } from 'shared';

/** An item's texts in the order search ranks them, lowercase, made once per item (its query keeps it). */
interface SearchTexts {
  name: string;
  /** Keywords and tags. */
  labels: string;
  /** Every field the search box looks through (spec: name, description, keywords, tags, license, URLs). */
  all: string;
}

const searchTexts = new WeakMap<CatalogItem, SearchTexts>();

function textsOf(item: CatalogItem): SearchTexts {
  let texts = searchTexts.get(item);
  if (texts === undefined) {
    const labels = [...(item.keywords ?? []), ...(item.tags ?? [])].join('\n').toLowerCase();
    const all = [
      item.name,
      item.slug,
      item.summary,
      item.description,
      item.license,
      item.homepage_url,
      item.repository_url,
      item.registry_url,
      item.documentation_url,
      ...(item.alternative_to ?? []),
    ]
      .filter(Boolean)
      .join('\n')
      .toLowerCase();
    texts = { name: `${item.name}\n${item.slug}`.toLowerCase(), labels, all: `${all}\n${labels}` };
    searchTexts.set(item, texts);
  }
  return texts;
}

/**
 * Where an item matches every word, best first: 0 its name starts with the first word and holds
 * them all, 1 its name holds them all, 2 its name, keywords and tags do, 3 the other texts; null
 * when a word is nowhere.
 */
function matchRank(texts: SearchTexts, words: string[]): number | null {
  if (!words.every((word) => texts.all.includes(word))) return null;
  if (words.every((word) => texts.name.includes(word)))
    return texts.name.startsWith(words[0] as string) ? 0 : 1;
  if (words.every((word) => texts.name.includes(word) || texts.labels.includes(word))) return 2;
  return 3;
}

/**
 * The items matching the search (every word must appear, in any field, any case) and, when tags
 * are selected, carrying at least one of them. A search ranks them by where the words are found
 * (name, then keywords and tags, then the rest), in catalog order within a rank; without words the
 * catalog order is kept.
 */
export function filterCatalog(
  items: readonly CatalogItem[],
  search: string,
  selectedTags: ReadonlySet<string>,
): CatalogItem[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const tagged =
    selectedTags.size === 0
      ? items
      : items.filter((item) => (item.tags ?? []).some((tag) => selectedTags.has(tag)));
  if (words.length === 0) return [...tagged];
  const ranked: { item: CatalogItem; rank: number }[] = [];
  for (const item of tagged) {
    const rank = matchRank(textsOf(item), words);
    if (rank !== null) ranked.push({ item, rank });
  }
  // Array.prototype.sort is stable: catalog order holds within a rank.
  return ranked.sort((a, b) => a.rank - b.rank).map(({ item }) => item);
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
