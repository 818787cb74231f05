// The agents picked for comparison: at most COMPARE_MAX, kept in localStorage so the selection
// survives navigation and reloads (and follows the visitor across tabs). Names are kept beside the
// ids so the compare bar can say what is selected without asking the server.

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
export const COMPARE_FULL_MESSAGE = `You can compare up to ${COMPARE_MAX} agents. Remove one to add another.`;

const STORAGE_KEY = 'agentry.compare';

export interface ComparedAgent {
  id: string;
  name: string;
}

export type ToggleOutcome = 'added' | 'removed' | 'full';

export interface CompareStore {
  getSnapshot: () => readonly ComparedAgent[];
  subscribe: (listener: () => void) => () => void;
  toggle: (agent: ComparedAgent) => ToggleOutcome;
  remove: (id: string) => void;
  clear: () => void;
}

/** What the storage holds, checked: well-formed entries only, each id once, at most COMPARE_MAX. */
export function parseSelection(raw: string | null): ComparedAgent[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const agents: ComparedAgent[] = [];
  for (const entry of value) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { id, name } = entry as Record<string, unknown>;
    if (typeof id !== 'string' || id === '' || seen.has(id)) continue;
    seen.add(id);
    agents.push({ id, name: typeof name === 'string' ? name : '' });
  }
  return agents.slice(0, COMPARE_MAX);
}

function read(storage: Storage | null): ComparedAgent[] {
  try {
    return parseSelection(storage?.getItem(STORAGE_KEY) ?? null);
  } catch {
    return [];
  }
}

export function createCompareStore(storage: Storage | null): CompareStore {
  let agents: readonly ComparedAgent[] = read(storage);
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const save = (next: readonly ComparedAgent[]) => {
    agents = next;
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage full or refused (private mode): the selection still holds for this page.
    }
    notify();
  };
  // Another tab changed the selection.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    agents = read(storage);
    notify();
  };

  return {
    getSnapshot: () => agents,
    subscribe(listener) {
      if (listeners.size === 0 && typeof window !== 'undefined')
        window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined')
          window.removeEventListener('storage', onStorage);
      };
    },
    toggle(agent) {
      if (agents.some((picked) => picked.id === agent.id)) {
        save(agents.filter((picked) => picked.id !== agent.id));
        return 'removed';
      }
      if (agents.length >= COMPARE_MAX) return 'full';
      save([...agents, agent]);
      return 'added';
    },
    remove(id) {
      if (agents.some((picked) => picked.id === id)) save(agents.filter((picked) => picked.id !== id));
    },
    clear() {
      if (agents.length > 0) save([]);
    },
  };
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

let shared: CompareStore | null = null;

/** The page's one selection, read from localStorage on first use. */
export function compareStore(): CompareStore {
  shared ??= createCompareStore(browserStorage());
  return shared;
}

/** "/compare?ids=1,2,3": a comparison anyone can open. */
export function compareLink(ids: readonly string[]): string {
  return ids.length > 0 ? `/compare?ids=${ids.map(encodeURIComponent).join(',')}` : '/compare';
}
