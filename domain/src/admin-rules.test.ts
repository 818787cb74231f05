import { isExcelFileName, UPLOAD_TYPE_MESSAGE, validateAdminAgent } from './admin-rules';

const valid = {
  name: 'LedgerLeaf',
  provider: 'Acme',
  category: 'Finance',
  role: 'Bookkeeper',
  description: 'Keeps the books.',
  cost: 'Free',
  address: 'ledgerleaf.example',
};

describe('validateAdminAgent', () => {
  it('names every missing required field in one message', () => {
    const result = validateAdminAgent({ ...valid, name: '', cost: ' ', address: '' });
    expect(result.ok ? null : result.message).toBe('Please fill in all required fields: Name, Cost, Address');
  });
  it('adds https:// to an address without a scheme', () => {
    const result = validateAdminAgent(valid);
    expect(result.ok && result.value.address).toBe('https://ledgerleaf.example');
  });
  it('treats email and status as optional', () => {
    const result = validateAdminAgent({ ...valid, email: '', status: '' });
    expect(result.ok && [result.value.email, result.value.status]).toEqual([null, null]);
  });
  it('keeps a free-text status', () => {
    const result = validateAdminAgent({ ...valid, status: 'Verified by staff' });
    expect(result.ok && result.value.status).toBe('Verified by staff');
  });
  it('rejects a malformed email', () => {
    const result = validateAdminAgent({ ...valid, email: 'x@' });
    expect(result.ok ? null : result.message).toBe('Invalid email format');
  });
});

describe('isExcelFileName', () => {
  it.each(['agents.xlsx', 'AGENTS.XLS', 'my list.xls'])('accepts %s', (name) => {
    expect(isExcelFileName(name)).toBe(true);
  });
  it.each(['agents.csv', 'agents.xlsx.exe', 'xlsx', 'agents.json'])('rejects %s', (name) => {
    expect(isExcelFileName(name)).toBe(false);
  });
  it('has the spec message', () => {
    expect(UPLOAD_TYPE_MESSAGE).toBe('Please upload an Excel file (.xlsx or .xls)');
  });
});
