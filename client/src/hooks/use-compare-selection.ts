import { useSyncExternalStore } from 'react';
import { type ComparedAgent, type CompareStore, compareStore } from '../lib/compare-selection';

export interface CompareSelection extends Omit<CompareStore, 'getSnapshot' | 'subscribe'> {
  agents: readonly ComparedAgent[];
  has: (id: string) => boolean;
}

// The server has no localStorage, so the agent pages it renders show nothing picked: hydration
// starts from that same empty selection, then reads the browser's. Reading localStorage at once
// made every agent page of a visitor with a comparison a hydration mismatch (React error #418,
// the page thrown away and rendered again; newcomer pass, session 16).
const NOTHING_PICKED: readonly ComparedAgent[] = [];
const serverSnapshot = () => NOTHING_PICKED;

/** The comparison selection, kept in step across every component (and tab) that shows it. */
export function useCompareSelection(store: CompareStore = compareStore()): CompareSelection {
  const agents = useSyncExternalStore(store.subscribe, store.getSnapshot, serverSnapshot);
  return {
    agents,
    has: (id) => agents.some((agent) => agent.id === id),
    toggle: store.toggle,
    remove: store.remove,
    clear: store.clear,
  };
}
