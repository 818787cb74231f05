import { useSyncExternalStore } from 'react';
import { type ComparedAgent, type CompareStore, compareStore } from '../lib/compare-selection';

export interface CompareSelection extends Omit<CompareStore, 'getSnapshot' | 'subscribe'> {
  agents: readonly ComparedAgent[];
  has: (id: string) => boolean;
}

/** The comparison selection, kept in step across every component (and tab) that shows it. */
export function useCompareSelection(store: CompareStore = compareStore()): CompareSelection {
  const agents = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return {
    agents,
    has: (id) => agents.some((agent) => agent.id === id),
    toggle: store.toggle,
    remove: store.remove,
    clear: store.clear,
  };
}
