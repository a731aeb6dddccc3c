import { Badge } from '@chakra-ui/react';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { CatalogItem } from 'shared';
import { CatalogImage } from '../components/CatalogImage';
import { CatalogActionButton } from '../install/CatalogActionButton';

/** Chakra's noOfLines: the text stops after this many lines with an ellipsis. */
const lineClamp = (lines: number) =>
  `overflow: hidden; text-overflow: ellipsis; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: ${lines};`;

/**
 * The cards' look as one style sheet over Chakra's theme variables, drawn as Chakra's LinkBox,
 * Heading, Tag (sm, subtle gray or solid blue) and Text drew it: the catalog renders a card per
 * item, and a dozen Chakra components per card (each resolving its theme and styles) made most of
 * the page's time to open.
 */
const CARD_CSS = `
.dh-catalog-card {
  position: relative;
  display: flex;
  flex-direction: column;
  gap: var(--chakra-space-3);
  padding: var(--chakra-space-4);
  background: var(--chakra-colors-white);
  border-width: 1px;
  border-radius: var(--chakra-radii-xl);
  transition: all 0.15s;
}
.dh-catalog-card:hover { box-shadow: var(--chakra-shadows-md); border-color: var(--chakra-colors-blue-300); }
.dh-catalog-card-header { display: flex; align-items: center; gap: var(--chakra-space-3); }
.dh-catalog-card-name {
  flex: 1;
  font-family: var(--chakra-fonts-heading);
  font-weight: var(--chakra-fontWeights-bold);
  font-size: var(--chakra-fontSizes-md);
  line-height: 1.2;
  ${lineClamp(1)}
}
.dh-catalog-card-link { position: static; }
.dh-catalog-card-link::before {
  content: '';
  cursor: inherit;
  display: block;
  position: absolute;
  top: 0;
  left: 0;
  z-index: 0;
  width: 100%;
  height: 100%;
}
.dh-catalog-card-tags {
  display: flex;
  flex-wrap: wrap;
  list-style-type: none;
  gap: var(--chakra-space-1-5);
  padding: 0;
}
.dh-catalog-card-tags > li { display: flex; align-items: flex-start; }
.dh-catalog-tag {
  display: inline-flex;
  vertical-align: top;
  align-items: center;
  max-width: 100%;
  position: relative;
  z-index: 1;
  cursor: pointer;
  font-weight: var(--chakra-fontWeights-medium);
  line-height: 1.2;
  outline: 0;
  color: var(--chakra-colors-gray-800);
  background: var(--chakra-colors-gray-100);
  border-radius: var(--chakra-radii-md);
  min-height: var(--chakra-sizes-5);
  min-width: var(--chakra-sizes-5);
  font-size: var(--chakra-fontSizes-xs);
  padding-inline: var(--chakra-space-2);
}
.dh-catalog-tag[aria-pressed='true'] { color: var(--chakra-colors-white); background: var(--chakra-colors-blue-500); }
.dh-catalog-tag:focus-visible { box-shadow: var(--chakra-shadows-outline); }
.dh-catalog-card-no-tags { font-size: var(--chakra-fontSizes-xs); color: var(--chakra-colors-gray-600); }
.dh-catalog-card-summary {
  flex: 1;
  font-size: var(--chakra-fontSizes-sm);
  color: var(--chakra-colors-gray-600);
  ${lineClamp(3)}
}
.dh-catalog-card-footer { display: flex; }
`;

/** The cards' style sheet: rendered once beside the cards (React puts it in the document's head). */
export function CatalogCardStyles() {
  return (
    <style href="dockhand-catalog-cards" precedence="default">
      {CARD_CSS}
    </style>
  );
}

interface CatalogCardProps {
  item: CatalogItem;
  selectedTags: ReadonlySet<string>;
  onToggleTag: (tag: string) => void;
}

/**
 * One catalog item; the whole card opens its page, while its tags and button act in place.
 * Memoised: a search keystroke re-renders only the cards it brings, not those still shown.
 */
export const CatalogCard = memo(function CatalogCard({ item, selectedTags, onToggleTag }: CatalogCardProps) {
  return (
    <article className="dh-catalog-card" data-testid="catalog-card">
      <div className="dh-catalog-card-header">
        <CatalogImage src={item.image} alt={`${item.name} logo`} size={48} rounded="md" />
        <h2 className="dh-catalog-card-name">
          <RouterLink className="dh-catalog-card-link" to={`/catalog/${item.id}`}>
            {item.name}
          </RouterLink>
        </h2>
        {item.waiting_list && <Badge colorScheme="purple">Coming Soon</Badge>}
      </div>
      {item.tags.length === 0 ? (
        <p className="dh-catalog-card-no-tags">No tags</p>
      ) : (
        <div>
          <ul className="dh-catalog-card-tags">
            {item.tags.map((tag) => (
              <li key={tag}>
                <button
                  type="button"
                  className="dh-catalog-tag"
                  aria-pressed={selectedTags.has(tag)}
                  onClick={() => onToggleTag(tag)}
                >
                  {tag}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="dh-catalog-card-summary">{item.summary}</p>
      <div className="dh-catalog-card-footer">
        <CatalogActionButton item={item} versionMode="choose" position="relative" zIndex={1} />
      </div>
    </article>
  );
});
