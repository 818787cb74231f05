import '../../../testing/dom-polyfills';
import { LEGAL } from '@agentry/domain/legal';
import { renderWithRouter } from '../../../testing/render';
import { PrivacyPolicy } from './privacy-policy';
import { TermsOfService } from './terms-of-service';

// Spec section 1: the legal pages state every one of these points.
const REQUIRED_POINTS: Array<[string, RegExp]> = [
  ['contact by e-mail', /(privacy|legal)@rolecall\.example/],
  ['a US-based operator', /based in the United States/],
  ['a card payment provider', /card payment provider/],
  ['AI-powered search ranking', /ranked automatically by AI-powered search/],
  ['arbitration', /binding arbitration/],
  ['the privacy reply time', new RegExp(`within ${LEGAL.privacyReplyDays} days`)],
  ['the minimum age', new RegExp(`children under ${LEGAL.minimumAge}`)],
  ['price-change notice', new RegExp(`${LEGAL.priceChangeNoticeDays} days`)],
  ['cancellation at the end of the billing period', /end of the (current )?billing period/],
  ['the liability cap', new RegExp(`last ${LEGAL.liabilityCapMonths} months`)],
];

describe.each([
  ['privacy policy', () => <PrivacyPolicy />, /Privacy policy/],
  ['terms of service', () => <TermsOfService />, /Terms of service/],
])('the %s', (_name, page, title) => {
  it.each(REQUIRED_POINTS)('states %s', (_point, pattern) => {
    const { container } = renderWithRouter(page());
    expect(container.textContent).toMatch(pattern);
  });

  it('has one page heading and mailto links', () => {
    const { container } = renderWithRouter(page());
    const headings = container.querySelectorAll('h1');
    expect(headings).toHaveLength(1);
    expect(headings[0]?.textContent).toMatch(title);
    expect(container.querySelector('a[href^="mailto:"]')).not.toBeNull();
  });
});

it('states the plan prices without stray spaces', () => {
  const { container } = renderWithRouter(<TermsOfService />);
  expect(container.textContent).toContain('$5 a month');
  expect(container.textContent).toContain('$40 a month');
});
