import express from 'express';
import request from 'supertest';
import { escapedJson, sendResults } from './json-text';

describe('JSON written a piece at a time', () => {
  const value = { query: '<script>alert("x")</script> & more', hits: [{ name: 'A > B', n: 1 }], none: null };

  it('writes what res.json writes with json escape on', async () => {
    const app = express();
    app.set('json escape', true);
    app.get('/whole', (_req, res) => res.json({ results: [value, value] }));
    app.get('/pieces', (_req, res) => sendResults(res, [escapedJson(value), escapedJson(value)]));
    const whole = await request(app).get('/whole').expect(200);
    const pieces = await request(app).get('/pieces').expect(200);
    expect(pieces.text).toBe(whole.text);
    expect(pieces.text).not.toMatch(/[<>&]/);
    expect(pieces.headers['content-type']).toBe(whole.headers['content-type']);
    expect(pieces.body).toEqual({ results: [value, value] });
  });
});
