import { validateAdminAgent } from './admin-rules';
import { validateAgentRecord, validateAgentRegistration } from './agent-rules';
import {
  ALL_CATALOG_ROLES,
  CATALOG_CATEGORIES,
  CATALOG_ROLES,
  editDistance,
  listedTerm,
  nearMiss,
  nearMissTerm,
} from './catalog-terms';

const agent = {
  email: '',
  name: 'Tally',
  provider: 'Acme',
  category: 'Finance',
  role: 'Bookkeeper',
  description: 'Keeps the books.',
  cost: 'Free',
  address: 'tally.example',
};

describe('the controlled category and role list', () => {
  it.each([
    ['Finanse', 'Finance'],
    ['Educaton', 'Education'],
    ['educaton', 'Education'],
    ['Data Analytics', 'Data & Analytics'],
    ['Marketting', 'Marketing'],
    ['Helathcare', 'Healthcare'],
  ])('takes %p for a slip of %p', (typed, meant) => {
    expect(nearMiss(typed)).toBe(meant);
  });

  it.each(['Finance', 'finance ', 'Robotics', 'Agriculture', 'HR', 'Research & Development', ''])(
    'asks nothing of %p (listed, or far from every listed category)',
    (typed) => {
      expect(nearMiss(typed)).toBeNull();
    },
  );

  it('finds near-missed roles among every listed role', () => {
    expect(nearMiss('Bookeeper', ALL_CATALOG_ROLES)).toBe('Bookkeeper');
    expect(nearMiss('Welder', ALL_CATALOG_ROLES)).toBeNull();
  });

  it("prefers the chosen category's own role on a tie, and a closer role anywhere otherwise", () => {
    expect(nearMissTerm('role', 'A Engineer', 'AI Agent Platforms')).toBe('AI Engineer');
    expect(nearMissTerm('role', 'A Engineer', 'Software Development')).toBe('QA Engineer');
    expect(nearMissTerm('role', 'Bookeeper', 'Legal')).toBe('Bookkeeper');
    expect(nearMissTerm('role', 'Writer', 'Finance')).toBeNull();
    expect(nearMissTerm('category', 'Finanse')).toBe('Finance');
  });

  it('knows a listed term typed with other case or spacing', () => {
    expect(listedTerm('  customer   service ')).toBe('Customer Service');
    expect(listedTerm('Robotics')).toBeNull();
  });

  it('gives every listed category its roles', () => {
    expect(Object.keys(CATALOG_ROLES).sort()).toEqual([...CATALOG_CATEGORIES].sort());
    expect(CATALOG_ROLES.Finance).toContain('Bookkeeper');
  });

  it('counts transpositions as one edit and stops past the bound', () => {
    expect(editDistance('educaiton', 'education', 2)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });
});

describe('the rules that use it', () => {
  it('asks about a typed new category under the field it was typed in, and takes listed spellings as listed', () => {
    const slip = validateAgentRegistration({ ...agent, category: 'other', newCategory: 'Finanse' });
    expect(slip).toEqual({
      ok: false,
      errors: { newCategory: 'Did you mean Finance? Choose it, or name another category.' },
    });
    const cased = validateAgentRegistration({
      ...agent,
      category: 'other',
      newCategory: 'finance',
      role: 'bookkeeper',
    });
    expect(cased).toMatchObject({ ok: true, value: { category: 'Finance', role: 'Bookkeeper' } });
    expect(validateAgentRegistration({ ...agent, category: 'other', newCategory: 'Robotics' })).toMatchObject(
      {
        ok: true,
        value: { category: 'Robotics' },
      },
    );
  });

  it('asks the same in the staff form and in uploads', () => {
    expect(validateAdminAgent({ ...agent, category: 'Educaton' })).toMatchObject({
      ok: false,
      errors: { category: 'Did you mean Education? Choose it, or name another category.' },
    });
    expect(validateAgentRecord({ ...agent, role: 'Bookeeper' })).toMatchObject({
      ok: false,
      errors: { role: 'Did you mean Bookkeeper? Choose it, or name another role.' },
    });
  });
});
