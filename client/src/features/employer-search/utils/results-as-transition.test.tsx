import { render, screen, waitFor } from '@testing-library/react';
import type { SearchClient } from 'instantsearch.js';
import { useEffect, useState } from 'react';
import { InstantSearch, useHits, useInstantSearch, useSearchBox } from 'react-instantsearch';
import { resultsAsTransition } from './results-as-transition';

// An answer that has arrived but is not on screen yet must not be rendered inside the next
// keystroke (issue 25): React 19 renders pending default-priority work together with a keystroke's
// own update, so without the transition the whole results page re-rendered in the keypress.

type Hit = { objectID: string; name: string };

/** Answers every query at once with one hit named after it. */
const searchClient = {
  search: (requests: Array<{ indexName: string; params?: { query?: string } }>) =>
    Promise.resolve({
      results: requests.map(({ indexName, params }) => {
        const query = params?.query ?? '';
        const hits = [{ objectID: query || 'all', name: `hit for "${query}"` }];
        return { index: indexName, query, params: '', hits, nbHits: 1, page: 0, nbPages: 1, hitsPerPage: 20 };
      }),
    }),
} as unknown as SearchClient;

let refine: (query: string) => void = () => undefined;

function Page({ transition }: { transition: boolean }) {
  const { addMiddlewares } = useInstantSearch();
  useEffect(
    () => (transition ? addMiddlewares(resultsAsTransition()) : undefined),
    [addMiddlewares, transition],
  );
  refine = useSearchBox().refine;
  const { items } = useHits<Hit>();
  // The box's own state, as a controlled search box keeps it: a keystroke sets it at once.
  const [text, setText] = useState('');
  return (
    <>
      <input aria-label="Search" value={text} onChange={(event) => setText(event.currentTarget.value)} />
      <ul aria-label="Results">
        {items.map((item) => (
          <li key={item.objectID}>{item.name}</li>
        ))}
      </ul>
    </>
  );
}

/** The InstantSearch instance, as a middleware is handed it. */
const captured: { instance?: { mainIndex: { render: unknown }; emit: unknown } } = {};

function Capture() {
  const { addMiddlewares } = useInstantSearch();
  useEffect(
    () =>
      addMiddlewares((options) => {
        captured.instance = options.instantSearchInstance as unknown as typeof captured.instance;
        return { $$type: 'test.capture' };
      }),
    [addMiddlewares],
  );
  return null;
}

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

/** Lets every queued microtask run (InstantSearch hands an answer to its widgets in microtasks), but no task. */
async function microtasks() {
  for (let turn = 0; turn < 100; turn++) await Promise.resolve();
}

/** A keystroke as the browser dispatches it: a discrete input event, outside any act(). */
function type(box: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, text);
  box.dispatchEvent(new Event('input', { bubbles: true }));
}

async function keystrokeAfterAnAnswer(transition: boolean) {
  render(
    <InstantSearch searchClient={searchClient} indexName="agents">
      <Page transition={transition} />
    </InstantSearch>,
  );
  expect(await screen.findByText('hit for ""')).toBeTruthy();
  const box = screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement;
  // As the browser runs them: no act(), so React schedules its work as tasks.
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    refine('ledger');
    await microtasks();
    type(box, 'l');
    const inTheKeystroke = {
      box: box.value,
      results: screen.getByRole('list', { name: 'Results' }).textContent,
    };
    await waitFor(() => expect(screen.getByText('hit for "ledger"')).toBeTruthy());
    return inTheKeystroke;
  } finally {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  }
}

describe('a search answer rendered as a transition', () => {
  it('leaves an answer that arrived just before a keystroke out of that keystroke, and shows it after', async () => {
    expect(await keystrokeAfterAnAnswer(true)).toEqual({ box: 'l', results: 'hit for ""' });
  });

  it('is what keeps it out: rendered at default priority, the answer goes into the keystroke', async () => {
    expect(await keystrokeAfterAnAnswer(false)).toEqual({ box: 'l', results: 'hit for "ledger"' });
  });

  it('gives the instance its own render and emit back when it is removed', async () => {
    render(
      <InstantSearch searchClient={searchClient} indexName="agents">
        <Capture />
      </InstantSearch>,
    );
    await waitFor(() => expect(captured.instance).toBeDefined());
    const instance = captured.instance!;
    const { render: ownRender } = instance.mainIndex;
    const ownEmit = instance.emit;
    const middleware = resultsAsTransition()({ instantSearchInstance: instance as never });
    middleware.subscribe?.();
    expect(instance.mainIndex.render).not.toBe(ownRender);
    middleware.unsubscribe?.();
    expect(instance.mainIndex.render).toBe(ownRender);
    expect(instance.emit).toBe(ownEmit);
    expect(Object.hasOwn(instance, 'emit')).toBe(false);
  });

  it("keeps the priority of a person's own action for what it starts inside the event", () => {
    const scopes: string[] = [];
    const instance = {
      mainIndex: { render: () => scopes.push('render') },
      emit: (_event: string) => scopes.push('emit'),
    };
    const middleware = resultsAsTransition((scope) => {
      scopes.push('transition');
      scope();
    })({ instantSearchInstance: instance as never });
    middleware.subscribe?.();
    const refinement = document.createElement('input');
    refinement.addEventListener('click', () => {
      instance.mainIndex.render();
      instance.emit('render');
    });
    refinement.click();
    expect(scopes).toEqual(['render', 'emit']);
    scopes.length = 0;
    instance.mainIndex.render();
    instance.emit('render');
    expect(scopes).toEqual(['transition', 'render', 'transition', 'emit']);
  });
});
