import { canConnectServer, formatServerCode, isServerCodeComplete, normalizeServerCode } from './server-code';

describe('server code', () => {
  it('uppercases, drops separators and caps at 6 characters', () => {
    expect(normalizeServerCode('ab3-x9z')).toBe('AB3X9Z');
    expect(normalizeServerCode(' abc 123 extra')).toBe('ABC123');
  });

  it('formats as XXX-XXX', () => {
    expect(formatServerCode('abc123')).toBe('ABC-123');
    expect(formatServerCode('ab')).toBe('AB');
    expect(formatServerCode('abcd')).toBe('ABC-D');
  });

  it('is complete with exactly 6 characters', () => {
    expect(isServerCodeComplete('ABC123')).toBe(true);
    expect(isServerCodeComplete('ABC-123')).toBe(true);
    expect(isServerCodeComplete('ABC12')).toBe(false);
    expect(isServerCodeComplete('ABC1234')).toBe(false);
  });

  it('enables connect only with a full code and an organization', () => {
    expect(canConnectServer('ABC123', 'org-1')).toBe(true);
    expect(canConnectServer('ABC123', null)).toBe(false);
    expect(canConnectServer('ABC12', 'org-1')).toBe(false);
  });
});
