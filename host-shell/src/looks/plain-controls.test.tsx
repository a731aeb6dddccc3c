import { fireEvent, render, screen } from '@testing-library/react';
import { ShellAvatar, ShellButton, ShellServerSelect } from './plain-controls';

test('the avatar shows the initials under the name, and the generic figure without a name', () => {
  const { rerender, container } = render(<ShellAvatar name="Ada Lovelace" initials="AL" src={undefined} />);
  expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');
  rerender(<ShellAvatar name={undefined} initials="?" src={undefined} />);
  expect(container.querySelector('svg.chakra-avatar__svg')).not.toBeNull();
  expect(screen.queryByText('?')).toBeNull();
});

test('the server picker is labelled, changes the server and draws as Chakra did', () => {
  const onChange = jest.fn();
  render(
    <ShellServerSelect label="Server" value="a" onChange={(event) => onChange(event.target.value)}>
      <option value="a">Alpha</option>
      <option value="b">Beta</option>
    </ShellServerSelect>,
  );
  const select = screen.getByLabelText('Server');
  fireEvent.change(select, { target: { value: 'b' } });
  expect(onChange).toHaveBeenCalledWith('b');
  expect(select).toHaveClass('chakra-select', 'dh-server-select__select');
  expect(screen.getByRole('group')).toHaveClass('chakra-form-control', 'dh-server-select');
});

test('a disabled button cannot be clicked, and its icon sits in its own part', () => {
  const onClick = jest.fn();
  render(
    <ShellButton look="dh-button-solid" icon={<svg data-testid="plus" />} disabled onClick={onClick}>
      Deploy App
    </ShellButton>,
  );
  const button = screen.getByRole('button', { name: 'Deploy App' });
  fireEvent.click(button);
  expect(onClick).not.toHaveBeenCalled();
  expect(screen.getByTestId('plus').parentElement).toHaveClass(
    'chakra-button__icon',
    'dh-button-solid__icon',
  );
});
