import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * Chakra's `noOfLines` for a rule inside an `sx` style sheet, where Chakra applies only its custom
 * property (the clamping itself comes with the prop at an element's top level): the text stops
 * after this many lines with an ellipsis.
 */
export function lineClamp(lines: number): SystemStyleObject {
  return {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    WebkitLineClamp: lines,
  };
}
