// Why the test-mode checkout page cannot do what it was asked: the app answers 404 and 409 with them.

export class CheckoutNotFoundError extends Error {
  constructor(readonly sessionId: string) {
    super('No checkout has this id');
    this.name = 'CheckoutNotFoundError';
  }
}

export class CheckoutNotOpenError extends Error {
  constructor(readonly status: 'complete' | 'expired') {
    super(status === 'complete' ? 'This checkout is already paid' : 'This checkout has expired');
    this.name = 'CheckoutNotOpenError';
  }
}
