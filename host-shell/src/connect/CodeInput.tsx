import { Flex, Input, Text } from '@chakra-ui/react';
import { Fragment, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { SERVER_CODE_LENGTH, normalizeServerCode } from 'shared';

interface CodeInputProps {
  /** The code so far, uppercased, without the dash (at most 6 characters). */
  value: string;
  onChange: (code: string) => void;
  onComplete?: (code: string) => void;
  isDisabled?: boolean;
}

const BOXES = Array.from({ length: SERVER_CODE_LENGTH }, (_, index) => index);

/**
 * The 6-character server code, one uppercased character per box, shown as XXX-XXX.
 * Typing moves forward, Backspace moves back, and pasting fills every box at once.
 */
export function CodeInput({ value, onChange, onComplete, isDisabled }: CodeInputProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const characters = BOXES.map((index) => value[index] ?? '');

  const focusBox = (index: number) =>
    inputs.current[Math.max(0, Math.min(SERVER_CODE_LENGTH - 1, index))]?.focus();

  const update = (next: string[], focusIndex: number) => {
    const code = normalizeServerCode(next.join(''));
    onChange(code);
    focusBox(focusIndex);
    if (code.length === SERVER_CODE_LENGTH) onComplete?.(code);
  };

  const onInput = (index: number, raw: string) => {
    let typed = normalizeServerCode(raw);
    const next = [...characters];
    if (!typed) {
      next.splice(index, 1);
      update(next, index);
      return;
    }
    // Typing into a filled box (caret not on a selection) gives two characters: keep the new one.
    const existing = characters[index];
    if (existing && typed.length === 2) typed = typed.replace(existing, '') || existing;
    [...typed].forEach((char, offset) => {
      if (index + offset < SERVER_CODE_LENGTH) next[index + offset] = char;
    });
    update(next, Math.min(next.join('').length, index + typed.length));
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const next = [...characters];
      const target = next[index] ? index : index - 1;
      if (target < 0) return;
      next.splice(target, 1);
      update(next, target);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = normalizeServerCode(event.clipboardData.getData('text'));
    if (!pasted) return;
    update([...pasted], pasted.length);
  };

  return (
    <Flex align="center" gap={2} role="group" aria-label="Server code">
      {BOXES.map((index) => (
        <Fragment key={index}>
          {index === 3 && (
            <Text aria-hidden fontSize="2xl" color="gray.400" px={1}>
              -
            </Text>
          )}
          <Input
            ref={(element) => {
              inputs.current[index] = element;
            }}
            aria-label={`Code character ${index + 1}`}
            value={characters[index]}
            onChange={(event) => onInput(index, event.target.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={onPaste}
            onFocus={(event) => event.target.select()}
            isDisabled={isDisabled}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            inputMode="text"
            w={{ base: 10, sm: 12 }}
            h={{ base: 12, sm: 14 }}
            p={0}
            textAlign="center"
            fontSize="xl"
            fontWeight="bold"
            fontFamily="mono"
            textTransform="uppercase"
            bg="white"
          />
        </Fragment>
      ))}
    </Flex>
  );
}
