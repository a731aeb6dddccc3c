import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CodeInput } from './CodeInput';

function Harness({ onComplete }: { onComplete?: (code: string) => void }) {
  const [code, setCode] = useState('');
  return (
    <ChakraProvider>
      <CodeInput value={code} onChange={setCode} onComplete={onComplete} />
      <output data-testid="code">{code}</output>
    </ChakraProvider>
  );
}

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];

describe('CodeInput', () => {
  it('shows six boxes split 3-3 by a dash', () => {
    render(<Harness />);
    expect(boxes()).toHaveLength(6);
    expect(screen.getByRole('group', { name: 'Server code' }).textContent).toBe('-');
  });

  it('uppercases, puts one character per box and moves focus forward', async () => {
    const user = userEvent.setup();
    const onComplete = jest.fn();
    render(<Harness onComplete={onComplete} />);
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard('ab3x9z');
    expect(boxes().map((box) => box.value)).toEqual(['A', 'B', '3', 'X', '9', 'Z']);
    expect(screen.getByTestId('code').textContent).toBe('AB3X9Z');
    expect(onComplete).toHaveBeenCalledWith('AB3X9Z');
  });

  it('ignores characters that cannot be in a code', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard('-!a');
    expect(screen.getByTestId('code').textContent).toBe('A');
  });

  it('fills every box from a paste, dash or not', () => {
    render(<Harness />);
    fireEvent.paste(boxes()[2] as HTMLInputElement, { clipboardData: { getData: () => 'qrt-wxy' } });
    expect(boxes().map((box) => box.value)).toEqual(['Q', 'R', 'T', 'W', 'X', 'Y']);
  });

  it('deletes backwards with Backspace', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard('abc');
    await user.keyboard('{Backspace}');
    expect(screen.getByTestId('code').textContent).toBe('AB');
    await user.keyboard('{Backspace}{Backspace}');
    expect(screen.getByTestId('code').textContent).toBe('');
  });
});
