import { Badge } from '@chakra-ui/react';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { CatalogItem } from 'shared';
import { CatalogImage } from '../components/CatalogImage';
import { CatalogActionButton } from '../install/CatalogActionButton';

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
        <CatalogActionButton item={item} versionMode="choose" size="sm" />
      </div>
    </article>
  );
});
