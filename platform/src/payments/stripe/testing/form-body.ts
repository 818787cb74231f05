// Stripe's requests nest parameters in form encoding: line_items[0][price]=price_1&metadata[plan]=x.
// This turns such a body (or query string) back into the object the SDK was given, with numbered
// keys as arrays. Values stay strings, as Stripe receives them.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export function parseStripeForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [name, value] of new URLSearchParams(encoded)) {
    const path = (name.match(/^[^[]+|\[[^\]]*\]/g) ?? []).map((part) => part.replace(/^\[|\]$/g, ''));
    // Names that would reach Object.prototype are no parameter of Stripe's.
    if (path.length === 0 || path.some((key) => key === '__proto__' || key === 'constructor')) continue;
    let node: FormObject = root;
    path.forEach((key, index) => {
      if (index === path.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next !== 'object') node[key] = {};
      node = node[key] as FormObject;
    });
  }
  return arraysFromNumberedKeys(root) as FormObject;
}

function arraysFromNumberedKeys(value: FormValue): FormValue {
  if (typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, arraysFromNumberedKeys(value[key]!)]));
  const numbered = keys.length > 0 && keys.every((key, index) => key === String(index));
  return numbered ? keys.map((key) => converted[key]!) : converted;
}
