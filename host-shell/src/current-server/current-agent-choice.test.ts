import { chooseCurrentAgentId } from './current-agent-choice';

describe('chooseCurrentAgentId', () => {
  const agents = [{ id: 'a' }, { id: 'b' }];
  it('keeps the stored agent when it still exists, else takes the first', () => {
    expect(chooseCurrentAgentId(agents, 'b')).toBe('b');
    expect(chooseCurrentAgentId(agents, 'gone')).toBe('a');
    expect(chooseCurrentAgentId(agents, null)).toBe('a');
    expect(chooseCurrentAgentId([], 'b')).toBeNull();
  });
});
