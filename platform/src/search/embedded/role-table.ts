import { stem } from '../analysis/stem';
import { STOPWORDS } from '../analysis/stopwords';
import type { SearchDocument } from '../port';

// The catalog's roles: an id each (documents carry it, for cheap role boosts), the stems of the
// role's name, and how many live documents have it.

export interface RoleEntry {
  id: number;
  /** The role lower-cased: how documents name it. */
  key: string;
  /** As the first document with it wrote it. */
  role: string;
  stems: string[];
  documents: number;
}

// Words that name every agent here, so they cannot tell one role from another.
const GENERIC_ROLE_WORDS = new Set(['ai', 'agent', 'agents']);

export class RoleTable {
  private readonly roles = new Map<string, RoleEntry>();
  private byId: RoleEntry[] = [];
  private nextId = 0;

  /** Role ids are below this. */
  get idLimit(): number {
    return this.nextId;
  }

  /** Roles of live documents with the stems of their names. */
  entries(): IterableIterator<RoleEntry> {
    return this.roles.values();
  }

  /** The role of a document being added (made on the role's first document), counting it. */
  add(document: SearchDocument, key: string, roleWords: string[]): RoleEntry {
    let role = this.roles.get(key);
    if (!role) {
      const stems = roleWords.filter((w) => !STOPWORDS.has(w) && !GENERIC_ROLE_WORDS.has(w)).map(stem);
      role = { id: this.nextId++, key, role: document.role, stems: [...new Set(stems)], documents: 0 };
      this.roles.set(key, role);
      this.byId[role.id] = role;
    }
    role.documents += 1;
    return role;
  }

  /** A document of role `id` removed: the role goes with its last document. */
  remove(id: number): void {
    const role = this.byId[id];
    if (role && --role.documents === 0) this.roles.delete(role.key);
  }

  /** The roles an index image holds (IndexImage.nextRoleId and roles). */
  static fromImage(nextId: number, roles: readonly RoleEntry[]): RoleTable {
    const table = new RoleTable();
    table.nextId = nextId;
    for (const role of roles) {
      const entry = { ...role, stems: [...role.stems] };
      table.roles.set(entry.key, entry);
      table.byId[entry.id] = entry;
    }
    return table;
  }
}
