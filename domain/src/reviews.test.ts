import { organisationKey, RATING_SHOWN_FROM, reviewProblem, shownAverage } from './reviews';

describe('review rules', () => {
  it('takes a whole rating from 1 to 5 and a body of 10 to 2000 characters', () => {
    expect(reviewProblem({ rating: 4, body: 'Answered every ticket on time.' })).toBeNull();
    expect(reviewProblem({ rating: 0, body: 'Answered every ticket.' })).toMatch(/rating from 1 to 5/);
    expect(reviewProblem({ rating: 4.5, body: 'Answered every ticket.' })).toMatch(/rating/);
    expect(reviewProblem({ rating: '5', body: 'Answered every ticket.' })).toMatch(/rating/);
    expect(reviewProblem({ rating: 5, body: '  short  ' })).toMatch(/at least 10/);
    expect(reviewProblem({ rating: 5, body: 'x'.repeat(2001) })).toMatch(/at most 2000/);
  });

  it(`shows an average only from ${RATING_SHOWN_FROM} reviews, to one decimal`, () => {
    expect(shownAverage(9, 2)).toBeNull();
    expect(shownAverage(13, 3)).toBe(4.3);
    expect(shownAverage(0, 0)).toBeNull();
  });

  it('counts colleagues at one company as one organization, and a personal address as its own', () => {
    expect(organisationKey({ id: '1', email: 'ana@Acme.com' })).toBe('domain:acme.com');
    expect(organisationKey({ id: '2', email: 'bo@acme.com' })).toBe('domain:acme.com');
    expect(organisationKey({ id: '3', email: 'someone@gmail.com' })).toBe('user:3');
  });
});
