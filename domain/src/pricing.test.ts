import { monthlyPrice, normalizePricing, offerPriceUsd } from './pricing';

describe('normalizePricing', () => {
  it.each([
    ['Free', 'free', 0],
    ['Free (open source)', 'free', 0],
    ['Open source', 'free', 0],
    ['$0', 'free', 0],
    ['100% free', 'free', 0],
    ['Freemium', 'freemium', null],
    ['Free plan, paid from $10/month', 'freemium', 10],
    ['$29/month', 'paid', 29],
    ['From $12/user/month', 'paid', 12],
    ['$499/year', 'paid', 41.58],
    ['$0.02 per minute', 'paid', null],
    ['$0.01 per request', 'paid', null],
    ['Free trial, then $49/month', 'paid', 49],
    ['Pay as you go', 'paid', null],
    ['Paid', 'paid', null],
    ['8% of ad spend', 'paid', null],
    ['$10 per week', 'paid', 43.33],
    ['Contact sales', 'contact', null],
    ['Custom pricing', 'contact', null],
    ['Unknown', 'unknown', null],
    ['', 'unknown', null],
    ['N/A', 'unknown', null],
  ])('reads %j as %s with monthly price %p', (cost, pricing, price) => {
    expect(normalizePricing(cost)).toEqual({ pricing, price_monthly: price });
  });
});

describe('monthlyPrice', () => {
  it('is null when no period is stated', () => {
    expect(monthlyPrice('$99 one-time')).toBeNull();
  });
});

describe('offerPriceUsd', () => {
  it('is 0 for free agents', () => expect(offerPriceUsd('Free')).toBe('0'));
  it('is the amount for a plain dollar figure', () => {
    expect(offerPriceUsd('$29')).toBe('29');
    expect(offerPriceUsd('29.99')).toBe('29.99');
    expect(offerPriceUsd('$29/month')).toBe('29');
  });
  it('is absent when the cost is not a number', () => {
    expect(offerPriceUsd('Contact sales')).toBeNull();
    expect(offerPriceUsd('From $12/user/month')).toBeNull();
  });
});
