import type { Middleware } from 'instantsearch.js';
import { startTransition as reactStartTransition } from 'react';

// What a search answer changes on screen (the count, the cards, nine facet lists, the price ranges,
// the pages) is rendered by React as a transition, not at the priority of a keystroke (issue 25:
// a keystroke in the employer search answers within 200 ms). InstantSearch hands an answer to its
// widgets in a microtask after it arrives (mainIndex.render, then its 'render' event), and the
// react-instantsearch hooks set their state there, at React's default priority. React 19 renders
// pending default-priority work together with the next keystroke's own update, in that
// keystroke's event: the whole results page was re-rendered inside one keypress (300-530 ms at 4x
// CPU slowdown, traced). As a transition, the render yields to typing every few milliseconds and
// commits everything an answer changes at once (the count never runs ahead of its cards).
// A render that a person's own action starts inside its event (a checkbox clicked, a page chosen)
// keeps the event's priority, as before: the checkbox shows its new state at once.

type Instance = Parameters<Middleware>[0]['instantSearchInstance'];

/** While an event is dispatched (React reads its priority from window.event too). */
const inEvent = () => typeof window !== 'undefined' && window.event !== undefined;

export function resultsAsTransition(
  startTransition: (scope: () => void) => void = reactStartTransition,
): Middleware {
  return ({ instantSearchInstance }) => {
    const instance: Instance = instantSearchInstance;
    let restore: (() => void) | null = null;
    return {
      $$type: 'agentry.resultsAsTransition',
      subscribe() {
        const index = instance.mainIndex;
        const render = index.render;
        const emit = instance.emit;
        const ownEmit = Object.hasOwn(instance, 'emit');
        index.render = (options) =>
          inEvent() ? render.call(index, options) : startTransition(() => render.call(index, options));
        instance.emit = function emitRender(this: Instance, event: string | number, ...args: unknown[]) {
          if (event !== 'render' || inEvent()) return emit.call(this, event, ...args);
          let listened = false;
          startTransition(() => {
            listened = emit.call(this, event, ...args);
          });
          return listened;
        };
        restore = () => {
          index.render = render;
          if (ownEmit) instance.emit = emit;
          else delete (instance as Partial<Instance>).emit;
        };
      },
      unsubscribe() {
        restore?.();
        restore = null;
      },
    };
  };
}
