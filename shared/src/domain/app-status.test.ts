import { AppStatus } from 'contract/rules';
import { appStatusColour, appStatusLabel, toAppStatusWord } from './app-status';

describe('app status', () => {
  it('maps every code to its label and colour', () => {
    const rows = [
      [AppStatus.Unknown, 'Unknown', 'gray'],
      [AppStatus.Active, 'Active', 'green'],
      [AppStatus.Idle, 'Idle', 'yellow'],
      [AppStatus.Restarting, 'Restarting', 'orange'],
      [AppStatus.Problematic, 'Problematic', 'red'],
      [AppStatus.Stopped, 'Stopped', 'gray'],
    ] as const;
    for (const [code, label, colour] of rows) {
      expect(appStatusLabel(code)).toBe(label);
      expect(appStatusColour(code)).toBe(colour);
    }
  });

  it('accepts status words in any case and numeric strings', () => {
    expect(toAppStatusWord('Active')).toBe('active');
    expect(toAppStatusWord('5')).toBe('stopped');
    expect(appStatusLabel('restarting')).toBe('Restarting');
  });

  it('shows Waiting... for a missing status and Unknown for nonsense', () => {
    expect(appStatusLabel(null)).toBe('Waiting...');
    expect(appStatusLabel(undefined)).toBe('Waiting...');
    expect(appStatusLabel(42)).toBe('Unknown');
    expect(appStatusLabel('exploded')).toBe('Unknown');
  });
});
