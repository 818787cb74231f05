import { numberOption, optionOf, optionValue, switchesOption } from './options';

describe('--name value options', () => {
  it('reads an option after its name, the fallback when it is absent or has no value', () => {
    expect(optionOf(['--against', '../before', '--agents', '1000'], 'agents', '100000')).toBe('1000');
    expect(optionOf(['--against', '../before'], 'agents', '100000')).toBe('100000');
    expect(optionOf(['--agents'], 'agents', '100000')).toBe('100000');
    expect(optionValue(['--out', 'a.json'], 'out')).toBe('a.json');
    expect(optionValue(['--out'], 'out')).toBeUndefined();
    expect(numberOption(['--agents', '2000'], 'agents', 100)).toBe(2000);
    expect(numberOption([], 'agents', 100)).toBe(100);
    expect(numberOption(['--agents', 'many'], 'agents', 100)).toBeNaN();
  });

  it('reads --with and --without as ranking switches on and off, a name in both on', () => {
    expect(
      switchesOption(['--with', 'partialName, concepts', '--without', 'termFeedback,,concepts']),
    ).toEqual({
      partialName: true,
      concepts: true,
      termFeedback: false,
    });
    expect(switchesOption(['--train', 'all'])).toEqual({});
  });
});
