import { Box, Heading, Input, InputGroup, InputLeftElement, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { catalogQueryOptions, useCurrentAgent } from 'shared';
import { REMOTE_BUILD } from '../buildInfo';
import { CatalogCard } from '../browse/CatalogCard';
import { MoreOnScroll } from '../browse/MoreOnScroll';
import { TagFilters } from '../browse/TagFilters';
import { CatalogLoadError, CatalogLoading, NoAgentSelected } from '../components/CatalogStates';
import { CatalogStyles } from '../components/CatalogStyles';
import { CAN_OBSERVE_VIEWPORT } from '../components/useWhenNearViewport';
import { catalogTags, filterCatalog, tagFromHash } from '../browse/catalog-filter';
import { CatalogBreadcrumb } from './CatalogBreadcrumb';

function SearchIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Cards rendered at first, and added each time the list's end nears the viewport: rendering every
 * card of a long catalog made its first render and each search keystroke grow with its size.
 * Without IntersectionObserver (tests' DOM) every card renders at once.
 */
const CARDS_PER_PAGE = 48;
const FIRST_PAGE = CAN_OBSERVE_VIEWPORT ? CARDS_PER_PAGE : Infinity;
/**
 * Cards in the page's first frame: a large screen's worth (four rows of three). The rest of the
 * first page renders right after that frame, in a transition (it yields to input), so opening the
 * catalog paints what is on screen without waiting for the cards below it.
 */
const FIRST_FRAME_CARDS = 12;

/** Apps Catalog (route `catalog`): search, tag filters and one card per item. */
export default function CatalogPage() {
  const { currentAgentId } = useCurrentAgent();
  const { hash } = useLocation();
  const catalog = useQuery({
    ...catalogQueryOptions(currentAgentId ?? ''),
    enabled: Boolean(currentAgentId),
  });
  const items = useMemo(() => catalog.data ?? [], [catalog.data]);
  const tags = useMemo(() => catalogTags(items), [items]);
  const [search, setSearch] = useState('');
  const [selectedTags, setSelectedTags] = useState<ReadonlySet<string>>(new Set());

  // A hash naming a known tag (#Media) selects that tag, now and whenever the hash changes
  // (state adjusted during render, so the first paint already shows the filtered list).
  const hashTag = tagFromHash(hash, tags);
  const [appliedHashTag, setAppliedHashTag] = useState<string | null>(null);
  if (hashTag !== appliedHashTag) {
    setAppliedHashTag(hashTag);
    if (hashTag) setSelectedTags(new Set([hashTag]));
  }

  // Keeps its identity, so the memoised cards and tag filters skip a search keystroke.
  const toggleTag = useCallback(
    (tag: string) =>
      setSelectedTags((current) => {
        const next = new Set(current);
        if (next.has(tag)) next.delete(tag);
        else next.add(tag);
        return next;
      }),
    [],
  );
  const visible = useMemo(() => filterCatalog(items, search, selectedTags), [items, search, selectedTags]);
  // A new search or filter starts again from the first page (state adjusted during render).
  const [shown, setShown] = useState({ of: visible, count: FIRST_PAGE });
  if (shown.of !== visible) setShown({ of: visible, count: FIRST_PAGE });
  const cardsReady = catalog.isSuccess && visible.length > 0;
  const [firstFrameShown, setFirstFrameShown] = useState(!CAN_OBSERVE_VIEWPORT);
  useEffect(() => {
    if (firstFrameShown || !cardsReady) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setFirstFrameShown(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [firstFrameShown, cardsReady]);
  const cardCount = firstFrameShown ? shown.count : Math.min(shown.count, FIRST_FRAME_CARDS);
  const showMore = useCallback(
    () => setShown((current) => ({ ...current, count: current.count + CARDS_PER_PAGE })),
    [],
  );

  return (
    <Box data-remote-build={REMOTE_BUILD}>
      <CatalogBreadcrumb current="Browse Apps" />
      {!currentAgentId ? (
        <NoAgentSelected />
      ) : (
        <Stack spacing={5}>
          <Heading size="lg">Apps Catalog</Heading>
          <InputGroup maxW="xl">
            <InputLeftElement pointerEvents="none" color="gray.400">
              <SearchIcon />
            </InputLeftElement>
            <Input
              type="search"
              bg="white"
              placeholder="Search by name, description, keywords, tags, license, URLs..."
              aria-label="Search the catalog"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </InputGroup>
          {tags.length > 0 && <TagFilters tags={tags} selected={selectedTags} onToggle={toggleTag} />}
          {catalog.isPending ? (
            <CatalogLoading text="Loading catalog items..." />
          ) : catalog.isError ? (
            <CatalogLoadError error={catalog.error} />
          ) : visible.length === 0 ? (
            <Box textAlign="center" py={10}>
              <Text fontWeight="semibold">No results found</Text>
              <Text fontSize="sm" color="gray.600">
                Try adjusting your search or filters to find what you&apos;re looking for.
              </Text>
            </Box>
          ) : (
            <>
              <CatalogStyles />
              <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} spacing={4}>
                {visible.slice(0, cardCount).map((item) => (
                  <CatalogCard
                    key={item.id}
                    item={item}
                    selectedTags={selectedTags}
                    onToggleTag={toggleTag}
                  />
                ))}
              </SimpleGrid>
              {/* Keyed by the count: a new mark observes afresh, so one still in view asks for the next page. */}
              {firstFrameShown && shown.count < visible.length && (
                <MoreOnScroll key={shown.count} onReached={showMore} />
              )}
            </>
          )}
        </Stack>
      )}
    </Box>
  );
}
