import { sanitizeTyped } from './sanitize-typed';

/** An input as it is right after a keystroke: the typed value, the caret after the new character. */
function typedInto(value: string, caret: number): HTMLInputElement {
  const input = document.createElement('input');
  input.value = value;
  input.setSelectionRange(caret, caret);
  return input;
}

describe('sanitizeTyped', () => {
  it('leaves clean text and the caret alone', () => {
    const input = typedInto('LedgerLark', 6);
    expect(sanitizeTyped(input)).toBe('LedgerLark');
    expect(input.selectionStart).toBe(6);
  });

  it('removes a quote typed mid-text and keeps the caret where the typing was', () => {
    // "Ledger|Lark" with a quote typed at the caret.
    const input = typedInto(`Ledger"Lark`, 7);
    expect(sanitizeTyped(input)).toBe('LedgerLark');
    expect(input.value).toBe('LedgerLark');
    expect(input.selectionStart).toBe(6);
  });

  it('moves the caret back by everything removed before it', () => {
    const input = typedInto('a;b<script>x</script>c|end', 22);
    expect(sanitizeTyped(input)).toBe('abc|end');
    expect(input.selectionStart).toBe(3);
  });
});
