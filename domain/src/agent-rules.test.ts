import { validateAgentRecord, validateAgentRegistration } from './agent-rules';

const valid = {
  email: 'Founder@Example.com',
  name: 'InboxPilot',
  provider: 'Northwind Labs',
  category: 'Customer Service',
  role: 'Customer Support Agent',
  description: 'Answers customer emails in Spanish and English.',
  cost: '$29/month',
  address: 'inboxpilot.example',
};

function errorsOf(input: Record<string, string>) {
  const result = validateAgentRegistration(input);
  return result.ok ? {} : result.errors;
}

describe('validateAgentRegistration', () => {
  it('accepts a complete agent, lower-cases the email and adds https:// to the address', () => {
    const result = validateAgentRegistration(valid);
    expect(result).toEqual({
      ok: true,
      value: { ...valid, email: 'founder@example.com', address: 'https://inboxpilot.example' },
    });
  });

  it.each([
    ['name', 'Name is required'],
    ['provider', 'Provider is required'],
    ['category', 'Category is required'],
    ['role', 'Role is required'],
    ['description', 'Description is required'],
    ['cost', 'Cost is required'],
    ['address', 'Address is required'],
  ])('requires %s with the message "%s"', (field, message) => {
    expect(errorsOf({ ...valid, [field]: '   ' })).toEqual({ [field]: message });
  });

  it('does not require an email', () => {
    const result = validateAgentRegistration({ ...valid, email: '' });
    expect(result.ok && result.value.email).toBeNull();
  });

  it.each([
    ['name', 100, 'Name must be less than 100 characters'],
    ['provider', 100, 'Provider must be less than 100 characters'],
    ['category', 50, 'Category must be less than 50 characters'],
    ['role', 100, 'Role must be less than 100 characters'],
    ['description', 1000, 'Description must be less than 1000 characters'],
    ['cost', 50, 'Cost must be less than 50 characters'],
  ])('limits %s to %i characters', (field, max, message) => {
    expect(errorsOf({ ...valid, [field]: 'x'.repeat(max) })).toEqual({});
    expect(errorsOf({ ...valid, [field]: 'x'.repeat(max + 1) })).toEqual({ [field]: message });
  });

  it('limits the address to 200 characters', () => {
    const address = `https://example.com/${'a'.repeat(181)}`;
    expect(errorsOf({ ...valid, address })).toEqual({ address: 'Address must be less than 200 characters' });
  });

  it('limits the email to 254 characters', () => {
    const email = `${'a'.repeat(243)}@example.com`;
    expect(errorsOf({ ...valid, email })).toEqual({ email: 'Email must be less than 254 characters' });
  });

  it('rejects a malformed email with "Invalid email format"', () => {
    expect(errorsOf({ ...valid, email: 'not-an-email' })).toEqual({ email: 'Invalid email format' });
  });

  it('rejects a malformed address with "Invalid URL format"', () => {
    expect(errorsOf({ ...valid, address: 'not a url' })).toEqual({ address: 'Invalid URL format' });
    expect(errorsOf({ ...valid, address: 'ftp://files.example.com' })).toEqual({
      address: 'Invalid URL format',
    });
  });

  it.each(['name', 'provider', 'category', 'role', 'description', 'cost'])(
    'rejects markup in %s with "X contains invalid content"',
    (field) => {
      const label = field[0]!.toUpperCase() + field.slice(1);
      expect(errorsOf({ ...valid, [field]: 'Hi <script>alert(1)</script>' })).toEqual({
        [field]: `${label} contains invalid content`,
      });
    },
  );

  it('rejects a javascript: address as invalid content', () => {
    expect(errorsOf({ ...valid, address: 'javascript:alert(1)' })).toEqual({
      address: 'Address contains invalid content',
    });
  });

  it('takes the new category and role when "other" is chosen', () => {
    const result = validateAgentRegistration({
      ...valid,
      category: 'other',
      newCategory: 'Agriculture',
      role: 'other',
      newRole: 'Crop Scout',
    });
    expect(result.ok && [result.value.category, result.value.role]).toEqual(['Agriculture', 'Crop Scout']);
  });

  it('requires a new value when "other" is chosen', () => {
    expect(errorsOf({ ...valid, category: 'other', role: 'other' })).toEqual({
      newCategory: 'New category is required',
      newRole: 'New role is required',
    });
  });

  it('sanitises typed text: quotes and semicolons go', () => {
    const result = validateAgentRegistration({ ...valid, description: `It's "fast"; really` });
    expect(result.ok && result.value.description).toBe('Its fast really');
  });
});

describe('validateAgentRecord (imports)', () => {
  it('keeps quotes and semicolons, which are content in a catalog', () => {
    const result = validateAgentRecord({ ...valid, description: `It's "fast"; really` });
    expect(result.ok && result.value.description).toBe(`It's "fast"; really`);
  });
  it('reports every problem of a row', () => {
    const result = validateAgentRecord({ ...valid, name: '', address: 'nope' });
    expect(result.ok ? null : result.errors).toEqual({
      name: 'Name is required',
      address: 'Invalid URL format',
    });
  });
  it('accepts numbers in cells, as spreadsheets give them', () => {
    const result = validateAgentRecord({ ...valid, cost: 20 });
    expect(result.ok && result.value.cost).toBe('20');
  });
  it('collapses white space', () => {
    const result = validateAgentRecord({ ...valid, name: '  Inbox \n Pilot ' });
    expect(result.ok && result.value.name).toBe('Inbox Pilot');
  });
});
