import { type BodyList, bodyLists, itemsFor, valueAt, withValueAt } from './body-lists';
import { pathValue } from './callers';
import type { RawResponse } from './client';
import type { Operation } from './openapi';
import type { FuzzReport } from './report';
import type { CallerName, World } from './world';

// What a body's lists may cost (issue 21, finding 1), for every operation of docs/openapi.yaml:
// - every list a body may carry declares a bound (maxItems, or x-max-values for nested lists
//   counted together), and one item past it is refused with a 4xx that says why;
// - a list of objects is a batch of units of work (the searches of a multi-search): its most
//   items are answered, and cost the client that many reads (the RateLimit header's `remaining`
//   drops by as many), so a batch is never cheaper than the requests it stands for.
// An endpoint added later with a list in its body meets these checks without any change here,
// also one whose path names a record (filled as the cases fill it: callers.ts, pathValue).

const CALLERS: CallerName[] = ['anonymous', 'employer', 'provider', 'visitor', 'admin'];

const remainingOf = (response: RawResponse) =>
  Number(/remaining=(\d+)/.exec(String(response.headers.ratelimit ?? ''))?.[1] ?? Number.NaN);

/** A 4xx in the API's error shape, with a message that says something. */
function refusedClearly(response: RawResponse): string | null {
  if (response.status < 400 || response.status >= 500) return `answered ${response.status}, not a 4xx`;
  const error = (response.json as { error?: unknown } | undefined)?.error;
  if (typeof error !== 'string' || error.trim().length < 10)
    return `a ${response.status} without a clear "error"`;
  return null;
}

export async function checkRequestCosts(
  world: World,
  report: FuzzReport,
  operations: Operation[],
): Promise<void> {
  for (const operation of operations) {
    const schema = operation.body?.content['application/json'];
    if (!schema) continue;
    const lists = bodyLists(schema);
    if (lists.length === 0) continue;
    report.costsChecked.push(operation.id);
    const fail = (detail: string, problems: string[]) => report.fail(operation.id, detail, problems, 'cost');
    const unbounded = lists.filter((list) => list.max === null);
    for (const list of unbounded)
      fail(`the list at ${describe(list)}`, [
        'declares no bound: give it maxItems (or x-max-values) and enforce it',
      ]);

    const example = schema.example;
    if (example === undefined) {
      fail('its body', ['has lists but no example to build requests from: add one to docs/openapi.yaml']);
      continue;
    }
    // A path with ids (a provider's own agent) names the seeded record each caller would use.
    const pathFor = (caller: CallerName) =>
      operation.path.replace(/\{(\w+)\}/g, (_whole, name: string) =>
        encodeURIComponent(pathValue(operation, name, world.callers[caller], world.ids)),
      );
    const send = (caller: CallerName, body: unknown) =>
      world.json(caller, operation.method, pathFor(caller), body);
    // Whoever may call it: the first caller its own example is answered for.
    let caller: CallerName | null = null;
    for (const candidate of CALLERS) {
      if ((await send(candidate, example)).status < 400) {
        caller = candidate;
        break;
      }
    }
    if (!caller) {
      fail('its example', ['no caller got an answer to the example of docs/openapi.yaml']);
      continue;
    }
    for (const list of lists) {
      if (list.max === null) continue;
      const sample = valueAt(example, list.path);
      const over = await send(caller, withValueAt(example, list.path, itemsFor(list, sample, list.max + 1)));
      const problem = refusedClearly(over);
      if (problem)
        fail(`${list.max + 1} items at ${describe(list)}`, [`${problem} (${over.text.slice(0, 200)})`]);
      if (!list.batch) continue;
      const one = await send(caller, withValueAt(example, list.path, itemsFor(list, sample, 1)));
      const full = await send(caller, withValueAt(example, list.path, itemsFor(list, sample, list.max)));
      if (one.status >= 400 || full.status >= 400) {
        fail(`a batch of ${list.max} at ${describe(list)}`, [
          `answered ${one.status} to 1 item, ${full.status} to ${list.max}`,
        ]);
        continue;
      }
      const charged = remainingOf(one) - remainingOf(full);
      if (charged !== list.max)
        fail(`a batch of ${list.max} at ${describe(list)}`, [
          `cost ${charged} reads, not ${list.max}: each item of a batch must cost what a request costs`,
        ]);
    }
  }
}

const describe = (list: BodyList) =>
  list.path
    .map((step) => (step === 0 ? '[]' : `.${step}`))
    .join('')
    .replace(/^\./, '') || 'the body';
