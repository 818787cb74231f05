import { mapColumns, missingColumns } from './map-columns';

describe('mapColumns', () => {
  it('When headers differ in case or padding, then they still name the agent fields', () => {
    // Arrange
    const row = {
      NAME: 'Scout',
      provider: 'Acme',
      ' Category ': 'Sales',
      Role: 'SDR',
      description: 'Finds leads',
    };

    // Act
    const mapped = mapColumns({ ...row, COST: 'Free', ' Address ': 'scout.example', eMail: 'a@b.co' });

    // Assert
    expect(mapped).toEqual({
      name: 'Scout',
      provider: 'Acme',
      category: 'Sales',
      role: 'SDR',
      description: 'Finds leads',
      cost: 'Free',
      address: 'scout.example',
      email: 'a@b.co',
    });
  });

  it('When a row has columns outside the spec, then they are ignored', () => {
    const mapped = mapColumns({ Name: 'Scout', source: 'awesome-list', Notes: 'x' });

    expect(mapped).toEqual({ name: 'Scout' });
  });

  it('When two headers name the same field, then the first one with a value wins', () => {
    const mapped = mapColumns({ Name: '  ', name: 'Scout', NAME: 'Other' });

    expect(mapped.name).toBe('Scout');
  });
});

describe('missingColumns', () => {
  it('When every required column appears in some row, then nothing is missing', () => {
    const rows = [
      { name: 'A', provider: 'P', category: 'C', role: 'R' },
      { Description: 'D', Cost: 'Free', Address: 'a.example' },
    ];

    expect(missingColumns(rows)).toEqual([]);
  });

  it('When required columns appear in no row, then their labels are listed and Email is not required', () => {
    const rows = [{ Name: 'A', Provider: 'P', Category: 'C', Role: 'R', Description: 'D' }];

    expect(missingColumns(rows)).toEqual(['Cost', 'Address']);
  });
});
