import { parseStripeForm } from './form-body';

describe('parseStripeForm', () => {
  it('nests bracketed names and turns numbered keys into arrays, as the Stripe SDK encoded them', () => {
    const body =
      'mode=subscription&line_items[0][price]=price_1&line_items[0][quantity]=1' +
      '&metadata[user_id]=u1&subscription_data[metadata][plan]=employer' +
      '&success_url=https%3A%2F%2Fa.example%2Fs%3Fid%3D%7BCHECKOUT_SESSION_ID%7D';
    expect(parseStripeForm(body)).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_1', quantity: '1' }],
      metadata: { user_id: 'u1' },
      subscription_data: { metadata: { plan: 'employer' } },
      success_url: 'https://a.example/s?id={CHECKOUT_SESSION_ID}',
    });
  });

  it('reads lists of plain values from a query string', () => {
    expect(parseStripeForm('lookup_keys[0]=a&lookup_keys[1]=b&active=true')).toEqual({
      lookup_keys: ['a', 'b'],
      active: 'true',
    });
  });

  it('accepts percent-encoded brackets too', () => {
    expect(parseStripeForm('metadata%5Bplan%5D=employer')).toEqual({ metadata: { plan: 'employer' } });
  });

  it('ignores names that would reach the object prototype', () => {
    expect(parseStripeForm('__proto__[polluted]=yes&a[constructor][x]=1&ok=1')).toEqual({ ok: '1' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
