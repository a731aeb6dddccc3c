/** Chakra's noOfLines: the text stops after this many lines with an ellipsis. */
const lineClamp = (lines: number) =>
  `overflow: hidden; text-overflow: ellipsis; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: ${lines};`;

/**
 * The cards' look over Chakra's theme variables, drawn as Chakra's LinkBox, Heading, Tag (sm,
 * subtle gray or solid blue) and Text drew it: the catalog renders a card per
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
/* Above the card's link, which covers the whole card. */
.dh-catalog-card-footer > .dh-catalog-action { z-index: 1; }
`;

/**
 * The action button (CatalogActionButton) drawn as Chakra's Button drew it with Dockhand's theme:
 * sm on a card, md full width on an item's page; solid blue (Install, the base colours), solid
 * purple (an upgrade), outline blue (Join Waitlist); while busy, disabled with a spinner over its
 * hidden label.
 * A Chakra Button per card (each resolving its theme and serialising its styles) was most of what
 * was left of the catalog's render task on opening.
 */
const ACTION_CSS = `
.dh-catalog-action {
  --dh-action-bg: var(--chakra-colors-blue-600);
  --dh-action-hover-bg: var(--chakra-colors-blue-700);
  --dh-action-active-bg: var(--chakra-colors-blue-800);
  display: inline-flex;
  appearance: none;
  align-items: center;
  justify-content: center;
  user-select: none;
  position: relative;
  white-space: nowrap;
  vertical-align: middle;
  outline: 2px solid transparent;
  outline-offset: 2px;
  line-height: 1.2;
  border-radius: var(--chakra-radii-md);
  font-weight: var(--chakra-fontWeights-semibold);
  transition-property: var(--chakra-transition-property-common);
  transition-duration: var(--chakra-transition-duration-normal);
  background: var(--dh-action-bg);
  color: var(--chakra-colors-white);
}
.dh-catalog-action-sm {
  height: var(--chakra-sizes-8);
  min-width: var(--chakra-sizes-8);
  font-size: var(--chakra-fontSizes-sm);
  padding-inline: var(--chakra-space-3);
}
.dh-catalog-action-md {
  height: var(--chakra-sizes-10);
  min-width: var(--chakra-sizes-10);
  font-size: var(--chakra-fontSizes-md);
  padding-inline: var(--chakra-space-4);
  width: var(--chakra-sizes-full);
}
.dh-catalog-action-upgrade {
  --dh-action-bg: var(--chakra-colors-purple-600);
  --dh-action-hover-bg: var(--chakra-colors-purple-700);
  --dh-action-active-bg: var(--chakra-colors-purple-800);
}
.dh-catalog-action-waitlist {
  --dh-action-bg: var(--chakra-colors-transparent);
  --dh-action-hover-bg: var(--chakra-colors-blue-50);
  --dh-action-active-bg: var(--chakra-colors-blue-100);
  border: 1px solid currentColor;
  color: var(--chakra-colors-blue-600);
}
.dh-catalog-action:focus-visible { box-shadow: var(--chakra-shadows-outline); }
.dh-catalog-action:disabled { opacity: 0.4; cursor: not-allowed; box-shadow: var(--chakra-shadows-none); }
.dh-catalog-action:hover { background: var(--dh-action-hover-bg); }
.dh-catalog-action:hover:disabled { background: var(--dh-action-bg); }
.dh-catalog-action:active { background: var(--dh-action-active-bg); }
.dh-catalog-action-spinner {
  display: flex;
  align-items: center;
  position: absolute;
  font-size: 1em;
  line-height: var(--chakra-lineHeights-normal);
}
.dh-catalog-action-spinner > span {
  display: inline-block;
  width: 1em;
  height: 1em;
  border: 2px solid currentColor;
  border-radius: 99999px;
  border-bottom-color: var(--chakra-colors-transparent);
  border-left-color: var(--chakra-colors-transparent);
  animation: dh-catalog-action-spin 0.45s linear infinite;
}
@keyframes dh-catalog-action-spin {
  from { transform: rotate(0deg); }
  to { transform: rotate(360deg); }
}
.dh-catalog-visually-hidden {
  border: 0;
  clip: rect(0, 0, 0, 0);
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  white-space: nowrap;
  position: absolute;
}
.dh-catalog-action-busy-label { opacity: 0; }
`;

const CATALOG_CSS = `${CARD_CSS}${ACTION_CSS}`;

/**
 * The catalog's style sheet (cards and action buttons), rendered by each page that shows them;
 * React puts it once in the document's head.
 */
export function CatalogStyles() {
  return (
    <style href="dockhand-catalog" precedence="default">
      {CATALOG_CSS}
    </style>
  );
}
