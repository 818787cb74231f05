import express from 'express';
import request from 'supertest';

// The contract check is on in every server test file without the file asking for it (jest's
// server project runs jest-setup.ts first): this file never calls checkLiveAnswers(), and still an
// answer outside the contract fails the request that received it.

describe('live answers held against the contract in every server test file', () => {
  it('When a test file does not switch the check on, then an answer with an extra field still fails', async () => {
    const standIn = express().get('/api/agents/count', (_req, res) => {
      res.json({ count: 3, internal_note: 'leaked' });
    });
    await expect(request(standIn).get('/api/agents/count').expect(200)).rejects.toThrow(
      /GET \/api\/agents\/count \(countAgents\) answered outside the contract: body: .*internal_note/,
    );
  });

  it('When the answer is what the contract says, then the request passes untouched', async () => {
    const standIn = express().get('/api/agents/count', (_req, res) => {
      res.json({ count: 3 });
    });
    await request(standIn).get('/api/agents/count').expect(200, { count: 3 });
  });
});
