import { FIRST_VIEW_ELEMENT_ID, firstViewScript } from './first-view';

describe('firstViewScript', () => {
  it('cannot be ended early by what a listing says, and parses back to the same value', () => {
    const reads = {
      '/api/agents/1?view=page': { name: '</script><script>alert(1)</script>', note: '<!-- & \u2028' },
    };
    const html = firstViewScript({ reads });
    const body = html.slice(html.indexOf('>') + 1, html.lastIndexOf('</script>'));
    expect(body).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(body)).toEqual({ reads });
    expect(html.startsWith(`<script type="application/json" id="${FIRST_VIEW_ELEMENT_ID}">`)).toBe(true);
  });
});
