import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('uses base 1024 and two decimals by default', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(512)).toBe('512 Bytes');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1234567)).toBe('1.18 MB');
    expect(formatBytes(8 * 1024 ** 3)).toBe('8 GB');
  });

  it('honours the decimals argument', () => {
    expect(formatBytes(1234567, 0)).toBe('1 MB');
    expect(formatBytes(1234567, 3)).toBe('1.177 MB');
  });

  it('goes up to YB and never past it', () => {
    expect(formatBytes(1024 ** 8)).toBe('1 YB');
    expect(formatBytes(1024 ** 9)).toBe('1024 YB');
  });

  it('treats bad input as zero instead of crashing', () => {
    expect(formatBytes(-5)).toBe('0 Bytes');
    expect(formatBytes(Number.NaN)).toBe('0 Bytes');
  });

  it('keeps fractions of a byte under 1 on the Bytes unit', () => {
    expect(formatBytes(0.5)).toBe('0.5 Bytes');
  });
});
