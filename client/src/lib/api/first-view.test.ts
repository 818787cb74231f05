import { FIRST_VIEW_ELEMENT_ID, type FirstView, firstViewScript } from '@agentry/domain/first-view';
import { ApiError } from './api-client';
import { hasFirstView, resetFirstView, servingFirstView, takeFirstPage, takeFirstRead } from './first-view';

/** The page as the server sends it: the data block after the root element. */
function servePage(reads: Record<string, unknown>, more: Omit<FirstView, 'reads'> = {}) {
  document.body.innerHTML = `<div id="root"></div>${firstViewScript({ reads, ...more })}`;
}

describe('the first view the page carries', () => {
  beforeEach(() => {
    resetFirstView();
    window.history.replaceState(null, '', '/agents/7');
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('answers each read once, for the address the page was served for', () => {
    servePage({ '/api/agents/7?view=page': { id: '7', name: 'Ledgerly' } });
    expect(hasFirstView()).toBe(true);
    expect(takeFirstRead('/api/agents/7?view=page')).toEqual({ id: '7', name: 'Ledgerly' });
    // Taken: the next ask goes to the API.
    expect(takeFirstRead('/api/agents/7?view=page')).toBeUndefined();
    // The data block is read once and leaves the page.
    expect(document.getElementById(FIRST_VIEW_ELEMENT_ID)).toBeNull();
  });

  it('is not used once the visitor has moved to another address', () => {
    servePage({ '/api/agents/count': { count: 3 } });
    expect(hasFirstView()).toBe(true);
    window.history.pushState(null, '', '/directory');
    expect(takeFirstRead('/api/agents/count')).toBeUndefined();
    expect(hasFirstView()).toBe(false);
  });

  it('is nothing on a page that carries none, or whose block does not parse', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(takeFirstRead('/api/agents/count')).toBeUndefined();
    resetFirstView();
    document.body.innerHTML = `<script type="application/json" id="${FIRST_VIEW_ELEMENT_ID}">{not json</script>`;
    expect(hasFirstView()).toBe(false);
  });

  it('serves a render with its own copy, so taking an answer leaves the caller’s view whole', () => {
    const view = { reads: { '/api/agents/count': { count: 5 } } };
    const taken = servingFirstView(view, () => takeFirstRead('/api/agents/count'));
    expect(taken).toEqual({ count: 5 });
    expect(view.reads['/api/agents/count']).toEqual({ count: 5 });
    // Outside the render, the server's view is gone.
    expect(servingFirstView(view, () => hasFirstView())).toBe(true);
  });

  it("answers a paged list with its total once (the directory's first page)", () => {
    const path = '/api/directory/agents?category=Finance&limit=24';
    servePage({}, { pages: { [path]: { items: [{ id: '7' }], total: 41 } } });
    expect(takeFirstPage(path)).toEqual({ items: [{ id: '7' }], total: 41 });
    expect(takeFirstPage(path)).toBeUndefined();
  });

  it("throws the API's 404 for a read the page was served as not found for, once", () => {
    servePage({}, { missing: { '/api/providers/nobody': 'Provider not found' } });
    let thrown: unknown;
    try {
      takeFirstRead('/api/providers/nobody');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({ status: 404, message: 'Provider not found' });
    // Taken: a later visit asks the API.
    expect(takeFirstRead('/api/providers/nobody')).toBeUndefined();
  });
});
