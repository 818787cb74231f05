import type { FuzzCase } from './cases';
import { judge, pollution, prototypeState } from './checks';
import type { RawResponse } from './client';
import { readOperations } from './openapi';

const operation = readOperations().find((candidate) => candidate.id === 'createShortlist')!;
const token = 'fz1qabc';

function fuzzCase(body = `{"name":"<script>${token}()</script>"}`): FuzzCase {
  return {
    operation,
    index: 1,
    kind: 'markup',
    detail: 'body.name',
    caller: 'employer',
    csrf: 'ok',
    token,
    request: { method: 'POST', path: '/api/shortlists', headers: {}, body: Buffer.from(body) },
  };
}

function answer(status: number, text: string, type = 'application/json; charset=utf-8'): RawResponse {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status, headers: { 'content-type': type }, body: Buffer.from(text), text, json };
}

describe('judge', () => {
  it('passes a 4xx with a JSON error, and a 2xx that escapes the markup it echoes', () => {
    expect(judge(fuzzCase(), answer(400, '{"error":"name: too long"}'), '/tmp/data')).toEqual([]);
    const escaped = `{"shortlist":{"name":"\\u003cscript\\u003e${token}()\\u003c/script\\u003e"}}`;
    expect(judge(fuzzCase(), answer(201, escaped), '/tmp/data')).toEqual([]);
  });

  it('fails a 5xx, and a 4xx that is not JSON or has no error message', () => {
    expect(judge(fuzzCase(), answer(500, '{"error":"Internal server error"}'), '/d')).toContain(
      'answered 500',
    );
    expect(judge(fuzzCase(), answer(400, 'Bad Request', 'text/html'), '/d')).toEqual([
      'a 400 that is not JSON (text/html)',
    ]);
    expect(judge(fuzzCase(), answer(413, '{"message":"too big"}'), '/d')).toEqual([
      'a 413 without an "error" message',
    ]);
  });

  it('fails a 4xx whose error does not say what was wrong', () => {
    const problems = (error: string, body?: string) =>
      judge(fuzzCase(body), answer(400, JSON.stringify({ error })), '/d');
    expect(problems('Internal Server Error')).toEqual(['a 400 that says "Internal Server Error"']);
    expect(problems('Bad request')).toEqual(['a 400 that only says "Bad request"']);
    expect(problems('Malformed request body', '')).toEqual([
      'a 400 that blames a request body that was not sent ("Malformed request body")',
    ]);
    expect(problems('Malformed request body')).toEqual([]);
    expect(problems('ids: ids: list 2 to 4 agent ids')).toEqual([
      'a 400 that names the field twice ("ids: ids: list 2 to 4 agent ids")',
    ]);
  });

  it('fails an answer that sends the markup of this case back as it was sent', () => {
    const echoed = `{"shortlist":{"name":"<script>${token}()</script>"}}`;
    expect(judge(fuzzCase(), answer(201, echoed), '/d')).toEqual([`reflects <script>${token} unescaped`]);
  });

  it('fails an answer with a stack trace or a path of the server', () => {
    const stack = '{"error":"boom\\n    at parse (/srv/app/server/src/http/validate.ts:12:9)"}';
    expect(judge(fuzzCase(), answer(400, stack), '/d')).toEqual(
      expect.arrayContaining(['shows a stack trace', 'shows ".ts:"']),
    );
    expect(
      judge(fuzzCase(), answer(400, '{"error":"cannot open /tmp/agentry-x/store.db"}'), '/tmp/agentry-x'),
    ).toEqual(['shows "/tmp/agentry-x"']);
    expect(judge(fuzzCase(), answer(400, '{"error":"in node_modules/zod"}'), '/d')).toEqual([
      'shows "node_modules"',
    ]);
  });

  it('does not count as a leak what the request itself sent', () => {
    const sent = fuzzCase('{"name":"node_modules"}');
    expect(judge(sent, answer(201, '{"shortlist":{"name":"node_modules"}}'), '/d')).toEqual([]);
  });
});

describe('pollution', () => {
  it('finds a key added to Object.prototype, and removes it', () => {
    const before = prototypeState();
    (Object.prototype as Record<string, unknown>).fuzzPolluted = true;
    expect(pollution(before)).toEqual(['fuzzPolluted']);
    expect(({} as Record<string, unknown>).fuzzPolluted).toBeUndefined();
  });

  it('finds a built-in replaced on Object.prototype, and puts it back', () => {
    const before = prototypeState();
    const original = Object.prototype.toString;
    Object.prototype.toString = () => 'polluted';
    expect(pollution(before)).toEqual(['toString']);
    expect(Object.prototype.toString).toBe(original);
  });
});
