import type { PageMeta } from '@agentry/domain/seo';
import { buildAgentMeta, buildBasicPageMeta, buildHomeMeta } from '@agentry/domain/seo';
import { render } from '@testing-library/react';
import { makeAgent } from '../testing/agents';
import { useDocumentHead } from './use-document-head';

function Head({ meta }: { meta: PageMeta }) {
  useDocumentHead(meta);
  return null;
}

const SERVER_REGION = `
  <!--seo:start-->
  <title>Server title</title>
  <meta name="description" content="Server description">
  <meta name="keywords" content="server">
  <link rel="canonical" href="https://agentry.example/">
  <meta property="og:site_name" content="Rolecall">
  <meta property="og:type" content="website">
  <meta property="og:title" content="Server title">
  <meta property="og:description" content="Server description">
  <meta property="og:url" content="https://agentry.example/">
  <meta name="twitter:card" content="summary">
  <meta name="twitter:title" content="Server title">
  <meta name="twitter:description" content="Server description">
  <script type="application/ld+json" id="structured-data">{"@type":"WebSite"}</script>
  <!--seo:end-->`;

const origin = window.location.origin;
const head = () => document.head;

describe('useDocumentHead', () => {
  beforeEach(() => {
    document.head.innerHTML = SERVER_REGION;
    document.title = 'Server title';
  });

  it('updates the server-rendered tags in place', () => {
    const descriptionTag = head().querySelector('meta[name="description"]');
    const script = head().querySelector('#structured-data');
    const meta = buildAgentMeta(origin, makeAgent({ id: '7', name: 'Q&amp;A Desk' }));
    render(<Head meta={meta} />);
    expect(document.title).toBe(meta.title);
    expect(head().querySelector('meta[name="description"]')).toBe(descriptionTag);
    expect(descriptionTag?.getAttribute('content')).toBe(meta.description);
    expect(head().querySelector('meta[name="keywords"]')?.getAttribute('content')).toBe(meta.keywords);
    expect(head().querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${origin}/agents/7`);
    expect(head().querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(
      `${origin}/agents/7`,
    );
    expect(head().querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('product');
    expect(head().querySelector('meta[name="twitter:title"]')?.getAttribute('content')).toBe(meta.title);
    expect(head().querySelector('#structured-data')).toBe(script);
    expect(JSON.parse(script?.textContent ?? '')).toMatchObject({
      '@type': 'SoftwareApplication',
      name: 'Q&A Desk',
    });
  });

  it('never adds a duplicate tag, however often the page changes', () => {
    const { rerender } = render(<Head meta={buildHomeMeta(origin)} />);
    rerender(<Head meta={buildAgentMeta(origin, makeAgent())} />);
    rerender(<Head meta={buildHomeMeta(origin)} />);
    for (const selector of [
      'title',
      'meta[name="description"]',
      'meta[name="keywords"]',
      'link[rel="canonical"]',
      'meta[property="og:title"]',
      'meta[property="og:description"]',
      'meta[property="og:url"]',
      'meta[property="og:type"]',
      'meta[name="twitter:card"]',
      'script[type="application/ld+json"]',
    ]) {
      expect([selector, head().querySelectorAll(selector).length]).toEqual([selector, 1]);
    }
  });

  it('creates a missing tag once', () => {
    document.head.innerHTML = '';
    const { rerender } = render(<Head meta={buildHomeMeta(origin)} />);
    rerender(<Head meta={buildAgentMeta(origin, makeAgent())} />);
    expect(head().querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(head().querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    const scripts = head().querySelectorAll('script#structured-data');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute('type')).toBe('application/ld+json');
  });

  it('escapes markup in the structured data so it cannot close the script block', () => {
    render(<Head meta={buildAgentMeta(origin, makeAgent({ description: '</script><b>x</b>' }))} />);
    const text = head().querySelector('#structured-data')?.textContent ?? '';
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text).description).toBe('</script><b>x</b>');
  });

  it('asks search engines not to index an account screen reached inside the app, and forgets it on the next page', () => {
    const signIn = buildBasicPageMeta(origin, { title: 'Sign in', description: 'd', path: '/signin' });
    const { rerender } = render(<Head meta={signIn} />);
    expect(head().querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    rerender(<Head meta={buildHomeMeta(origin)} />);
    expect(head().querySelector('meta[name="robots"]')).toBeNull();
  });
});
