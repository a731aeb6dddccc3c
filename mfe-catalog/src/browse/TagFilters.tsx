import { Box, Button, Checkbox, Wrap, WrapItem } from '@chakra-ui/react';
import { memo, useId, useState } from 'react';
import { useIsMobile } from 'shared';

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
    <Box>
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
        <Wrap id={listId} spacing={4} role="group" aria-label="Filter by tag">
          {tags.map((tag) => (
            <WrapItem key={tag}>
              <Checkbox isChecked={selected.has(tag)} onChange={() => onToggle(tag)}>
                {tag}
              </Checkbox>
            </WrapItem>
          ))}
        </Wrap>
      )}
    </Box>
  );
});
