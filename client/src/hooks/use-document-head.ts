import { absoluteUrl, type PageMeta, SITE_NAME, serializeJsonLd } from '@agentry/domain/seo';
import { useEffect } from 'react';
import { siteOrigin } from '../config/site';

// Applies page meta to the <head> tags between the seo markers of index.html. The server writes
// those tags for crawlers, so we update the existing elements in place (creating one only when it
// is missing) and never add duplicates. React 19's <title>/<meta> hoisting is not used on purpose:
// it would add a second set next to the server's.

function upsert<T extends Element>(selector: string, create: () => T): T {
  const existing = document.head.querySelector<T>(selector);
  if (existing) return existing;
  const element = create();
  document.head.appendChild(element);
  return element;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  const element = upsert(`meta[${attribute}="${key}"]`, () => {
    const meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    return meta;
  });
  element.setAttribute('content', content);
}

export function applyDocumentHead(meta: PageMeta, origin: string) {
  const url = absoluteUrl(origin, meta.canonicalPath);
  document.title = meta.title;
  setMeta('name', 'description', meta.description);
  setMeta('name', 'keywords', meta.keywords);
  const canonical = upsert('link[rel="canonical"]', () => {
    const link = document.createElement('link');
    link.setAttribute('rel', 'canonical');
    return link;
  });
  canonical.setAttribute('href', url);
  setMeta('property', 'og:site_name', SITE_NAME);
  setMeta('property', 'og:type', meta.ogType);
  setMeta('property', 'og:title', meta.title);
  setMeta('property', 'og:description', meta.description);
  setMeta('property', 'og:url', url);
  setMeta('name', 'twitter:card', 'summary');
  setMeta('name', 'twitter:title', meta.title);
  setMeta('name', 'twitter:description', meta.description);
  const script = upsert('script#structured-data', () => {
    const element = document.createElement('script');
    element.type = 'application/ld+json';
    element.id = 'structured-data';
    return element;
  });
  script.textContent = serializeJsonLd(meta.jsonLd);
  // Pages reached inside the app must say noindex too, not only on a direct load.
  const robots = document.head.querySelector('meta[name="robots"]');
  if (meta.noindex) setMeta('name', 'robots', 'noindex');
  else robots?.remove();
}

/** Keeps the document head in step with `meta` (pass a memoised value). */
export function useDocumentHead(meta: PageMeta | null) {
  useEffect(() => {
    if (meta) applyDocumentHead(meta, siteOrigin());
  }, [meta]);
}
