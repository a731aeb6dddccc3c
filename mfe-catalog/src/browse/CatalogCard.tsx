import { Badge, Flex, Heading, LinkBox, LinkOverlay, Tag, Text, Wrap, WrapItem } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { CatalogItem } from 'shared';
import { CatalogImage } from '../components/CatalogImage';
import { CatalogActionButton } from '../install/CatalogActionButton';

interface CatalogCardProps {
  item: CatalogItem;
  selectedTags: ReadonlySet<string>;
  onToggleTag: (tag: string) => void;
}

/** One catalog item; the whole card opens its page, while its tags and button act in place. */
export function CatalogCard({ item, selectedTags, onToggleTag }: CatalogCardProps) {
  return (
    <LinkBox
      as="article"
      data-testid="catalog-card"
      display="flex"
      flexDirection="column"
      gap={3}
      p={4}
      bg="white"
      borderWidth="1px"
      rounded="xl"
      transition="all 0.15s"
      _hover={{ shadow: 'md', borderColor: 'blue.300' }}
    >
      <Flex align="center" gap={3}>
        <CatalogImage src={item.image} alt={`${item.name} logo`} boxSize="48px" rounded="md" />
        <Heading size="sm" flex="1" noOfLines={1}>
          <LinkOverlay as={RouterLink} to={`/catalog/${item.id}`}>
            {item.name}
          </LinkOverlay>
        </Heading>
        {item.waiting_list && <Badge colorScheme="purple">Coming Soon</Badge>}
      </Flex>
      {item.tags.length === 0 ? (
        <Text fontSize="xs" color="gray.600">
          No tags
        </Text>
      ) : (
        <Wrap spacing={1.5}>
          {item.tags.map((tag) => {
            const selected = selectedTags.has(tag);
            return (
              <WrapItem key={tag}>
                <Tag
                  as="button"
                  type="button"
                  size="sm"
                  position="relative"
                  zIndex={1}
                  cursor="pointer"
                  variant={selected ? 'solid' : 'subtle'}
                  colorScheme={selected ? 'blue' : 'gray'}
                  aria-pressed={selected}
                  onClick={() => onToggleTag(tag)}
                >
                  {tag}
                </Tag>
              </WrapItem>
            );
          })}
        </Wrap>
      )}
      <Text fontSize="sm" color="gray.600" flex="1" noOfLines={3}>
        {item.summary}
      </Text>
      <Flex>
        <CatalogActionButton item={item} versionMode="choose" position="relative" zIndex={1} />
      </Flex>
    </LinkBox>
  );
}
