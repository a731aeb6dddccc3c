import { render, screen } from '@testing-library/react';
import CodeEditor from './CodeEditor';

// jsdom cannot run ace: the editor is replaced by a probe showing the props it receives.
jest.mock('ace-builds', () => ({ config: { setDefaultValue: jest.fn() } }));
jest.mock('ace-builds/src-noconflict/mode-ini', () => ({}));
jest.mock('ace-builds/src-noconflict/mode-json', () => ({}));
jest.mock('ace-builds/src-noconflict/mode-sh', () => ({}));
jest.mock('ace-builds/src-noconflict/mode-yaml', () => ({}));
jest.mock('ace-builds/src-noconflict/theme-github', () => ({}));
jest.mock('react-ace', () => ({
  __esModule: true,
  default: (props: { mode: string; height: string; readOnly: boolean }) => (
    <div data-testid="ace" data-mode={props.mode} data-height={props.height} data-readonly={props.readOnly} />
  ),
}));

const noop = () => undefined;

describe('CodeEditor', () => {
  it('picks the language from the file extension', () => {
    render(<CodeEditor value="" onChange={noop} filename="package.json" />);
    expect(screen.getByTestId('ace')).toHaveAttribute('data-mode', 'json');
  });

  it('edits an unknown extension as plain text', () => {
    render(<CodeEditor value="" onChange={noop} filename="nginx.conf" />);
    expect(screen.getByTestId('ace')).toHaveAttribute('data-mode', 'text');
  });

  it('stays a YAML (compose) editor without a filename, 200px high by default', () => {
    render(<CodeEditor value="" onChange={noop} />);
    expect(screen.getByTestId('ace')).toHaveAttribute('data-mode', 'yaml');
    expect(screen.getByTestId('ace')).toHaveAttribute('data-height', '200px');
  });
});
