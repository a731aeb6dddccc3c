import { Button } from '@chakra-ui/react';
import { memo, useId, useState } from 'react';
import { useIsMobile } from 'shared';

/**
 * The tag checkboxes' look as one style sheet over Chakra's theme variables, drawn as Chakra's
 * Wrap (spacing 4) and Checkbox (md, blue) drew them: 19 Chakra Checkboxes (each resolving its
 * theme and serialising its styles) were most of the catalog's one render task on opening.
 * The input stays a real checkbox (visually hidden, as Chakra hides it) inside its label.
 */
const TAG_FILTERS_CSS = `
.dh-tag-filters {
  display: flex;
  flex-wrap: wrap;
  list-style-type: none;
  gap: var(--chakra-space-4);
  padding: 0;
}
.dh-tag-filters > li { display: flex; align-items: flex-start; }
.dh-tag-filter {
  cursor: pointer;
  display: inline-flex;
  align-items: center;
  vertical-align: top;
  position: relative;
}
.dh-tag-filter > input {
  border: 0;
  clip: rect(0, 0, 0, 0);
  height: 1px;
  width: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  white-space: nowrap;
  position: absolute;
}
.dh-tag-filter-control {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  vertical-align: top;
  user-select: none;
  flex-shrink: 0;
  width: var(--chakra-sizes-4);
  height: var(--chakra-sizes-4);
  transition-property: box-shadow;
  transition-duration: var(--chakra-transition-duration-normal);
  border: 2px solid;
  border-radius: var(--chakra-radii-sm);
  border-color: inherit;
  color: var(--chakra-colors-white);
}
.dh-tag-filter > input:checked + .dh-tag-filter-control {
  background: var(--chakra-colors-blue-500);
  border-color: var(--chakra-colors-blue-500);
}
.dh-tag-filter:hover > input:checked + .dh-tag-filter-control {
  background: var(--chakra-colors-blue-600);
  border-color: var(--chakra-colors-blue-600);
}
.dh-tag-filter > input:focus-visible + .dh-tag-filter-control { box-shadow: var(--chakra-shadows-outline); }
.dh-tag-filter-control > svg {
  display: none;
  width: 1.2em;
  font-size: var(--chakra-fontSizes-2xs);
  fill: none;
  stroke-width: 2;
  stroke: currentColor;
  stroke-dasharray: 16;
}
.dh-tag-filter > input:checked + .dh-tag-filter-control > svg {
  display: block;
  animation: dh-tag-filter-check 200ms linear;
}
@keyframes dh-tag-filter-check {
  from { opacity: 0; stroke-dashoffset: 16; transform: scale(0.95); }
  to { opacity: 1; stroke-dashoffset: 0; transform: scale(1); }
}
.dh-tag-filter-label { margin-inline-start: 0.5rem; user-select: none; font-size: var(--chakra-fontSizes-md); }
`;

interface TagFiltersProps {
  tags: readonly string[];
  selected: ReadonlySet<string>;
  onToggle: (tag: string) => void;
}

/**
 * One checkbox per catalog tag. On a phone-sized screen they fold behind a Filters toggle (which
 * counts the chosen ones), so the apps, not 19 checkboxes, fill the first screen. Memoised: a
 * search keystroke changes none of its props.
 */
export const TagFilters = memo(function TagFilters({ tags, selected, onToggle }: TagFiltersProps) {
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const shown = !isMobile || open;
  return (
    <div>
      {isMobile && (
        <Button
          size="sm"
          variant="outline"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((current) => !current)}
          mb={open ? 3 : 0}
        >
          {selected.size > 0 ? `Filters (${selected.size})` : 'Filters'}
        </Button>
      )}
      {shown && (
        <div id={listId} role="group" aria-label="Filter by tag">
          <style href="dockhand-catalog-tag-filters" precedence="default">
            {TAG_FILTERS_CSS}
          </style>
          <ul className="dh-tag-filters">
            {tags.map((tag) => (
              <li key={tag}>
                <label className="dh-tag-filter">
                  <input type="checkbox" checked={selected.has(tag)} onChange={() => onToggle(tag)} />
                  <span className="dh-tag-filter-control" aria-hidden="true">
                    <svg viewBox="0 0 12 10">
                      <polyline points="1.5 6 4.5 9 10.5 1" />
                    </svg>
                  </span>
                  <span className="dh-tag-filter-label">{tag}</span>
                </label>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
});
