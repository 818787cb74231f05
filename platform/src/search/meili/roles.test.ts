import { namedRoles } from './roles';

describe('namedRoles', () => {
  const roles = ['Recruiter', 'Customer Support Agent', 'Meeting Note Taker', 'Bookkeeper', 'Café Owner'];

  it('finds roles whose every word is in the query, whatever the case, accents or plural', () => {
    expect(namedRoles('hire a RECRUITERS', roles)).toEqual(['Recruiter']);
    expect(namedRoles('customer support agent for email', roles)).toEqual(['Customer Support Agent']);
    expect(namedRoles('cafe owner', roles)).toEqual(['Café Owner']);
    expect(namedRoles('bookkeeper or recruiter', roles)).toEqual(['Recruiter', 'Bookkeeper']);
  });

  it('needs the whole role, not part of it', () => {
    expect(namedRoles('meeting notes', roles)).toEqual([]);
    expect(namedRoles('customer support', roles)).toEqual([]);
    expect(namedRoles('', roles)).toEqual([]);
    expect(namedRoles('the', ['The'])).toEqual([]);
  });
});
