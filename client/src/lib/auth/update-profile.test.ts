import { profileChanges } from './update-profile';

describe('profileChanges', () => {
  it('trims every value and sends an emptied phone or website as null, to remove it', () => {
    expect(
      profileChanges({ organization: ' Navy Labs ', full_name: 'Grace', phone: '  ', website: '' }),
    ).toEqual({ organization: 'Navy Labs', full_name: 'Grace', phone: null, website: null });
  });

  it('keeps a given phone and website', () => {
    expect(profileChanges({ phone: ' +1 555 0100 ', website: 'navy.example' })).toEqual({
      phone: '+1 555 0100',
      website: 'navy.example',
    });
  });
});
