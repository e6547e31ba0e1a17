import { describe, expect, it } from 'vitest';
import { collect, parseOverrides } from '../../src/cli/config-overrides.js';

describe('--set key=value', () => {
  it('reads each value as the type of its setting', async () => {
    const pairs = [
      'lint.warnings_as_errors=true',
      'formal.depth=30',
      'crypto.side_channel.threshold=4.5',
      'simulation.simulator=icarus',
      'simulation.pass_pattern=42',
      'simulation.fail_pattern=a=b',
    ].reduce<string[]>((all, pair) => collect(pair, all), []);
    expect(await parseOverrides(pairs)).toEqual({
      'lint.warnings_as_errors': true,
      'formal.depth': 30,
      'crypto.side_channel.threshold': 4.5,
      'simulation.simulator': 'icarus',
      'simulation.pass_pattern': '42',
      'simulation.fail_pattern': 'a=b',
    });
  });

  it('sends what does not read as its type, or an unknown key, as text for the platform to refuse', async () => {
    expect(await parseOverrides(['formal.depth=deep', 'lint.enabled=yes', 'formal.dept=3'])).toEqual({
      'formal.depth': 'deep',
      'lint.enabled': 'yes',
      'formal.dept': '3',
    });
  });

  it('refuses a pair without a key', async () => {
    await expect(parseOverrides(['formal.depth'])).rejects.toThrow(/expected key=value/);
    await expect(parseOverrides(['=3'])).rejects.toThrow(/expected key=value/);
  });
});
