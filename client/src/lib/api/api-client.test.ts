import { ApiError, failureText } from './api-client';

describe('failureText', () => {
  it("gives the server's reason when it said one", () => {
    const error = new ApiError(409, 'Conflict', { error: 'An account with this email already exists.' });
    expect(failureText(error, 'Failed to create account')).toBe('An account with this email already exists.');
  });

  it('gives the fallback when the server refused without a reason', () => {
    expect(failureText(new ApiError(500, 'Server error', {}), 'Failed to create account')).toBe(
      'Failed to create account',
    );
  });

  it('asks to try again when the call never reached the server', () => {
    expect(failureText(new TypeError('Failed to fetch'), 'Failed to create account')).toBe(
      'Failed to create account. Please try again.',
    );
  });
});
