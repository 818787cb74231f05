import type { Feature } from '@agentry/platform/search/query/features';

// `--name value` options of the eval and bench scripts, read one way: each script had written its
// own copy of these few lines (some returning NaN, some the fallback, when the value was missing).

/** The value after `--name` in argv, or undefined when the option is absent or has no value after it. */
export function optionValue(argv: readonly string[], name: string): string | undefined {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
}

/** The value of `--name` in argv, or the fallback. */
export function optionOf(argv: readonly string[], name: string, fallback: string): string {
  return optionValue(argv, name) ?? fallback;
}

/** The value of `--name` in argv as a number (Number(value): NaN when it is not one), or the fallback. */
export function numberOption(argv: readonly string[], name: string, fallback: number): number {
  const value = optionValue(argv, name);
  return value === undefined ? fallback : Number(value);
}

/**
 * The ranking switches of `--without a,b` (off) and `--with a,b` (on), for setFeatures (a name in
 * both is on). The eval scripts each split these lists in their own few lines.
 */
export function switchesOption(argv: readonly string[]): Partial<Record<Feature, boolean>> {
  const list = (name: string) =>
    (optionValue(argv, name) ?? '')
      .split(',')
      .map((each) => each.trim())
      .filter(Boolean);
  return {
    ...Object.fromEntries(list('without').map((name) => [name as Feature, false])),
    ...Object.fromEntries(list('with').map((name) => [name as Feature, true])),
  };
}
