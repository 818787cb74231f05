import { validateAccountSetup, validateEmployerSignup } from './account-rules';

const employer = {
  email: 'hiring@example.com',
  password: 'correct horse',
  confirmPassword: 'correct horse',
  full_name: 'Grace Hopper',
  organization: 'Navy',
  phone: '',
};

describe('validateEmployerSignup', () => {
  it('accepts a complete signup without a phone', () => {
    expect(validateEmployerSignup(employer)).toEqual({});
  });
  it('says "Email is invalid" for an address that is not e-mail-like', () => {
    expect(validateEmployerSignup({ ...employer, email: 'grace' }).email).toBe('Email is invalid');
  });
  it('requires an email', () => {
    expect(validateEmployerSignup({ ...employer, email: '' }).email).toBe('Email is required');
  });
  it('requires a password of at least 8 characters', () => {
    expect(validateEmployerSignup({ ...employer, password: '', confirmPassword: '' }).password).toBe(
      'Password is required',
    );
    expect(
      validateEmployerSignup({ ...employer, password: 'short', confirmPassword: 'short' }).password,
    ).toBe('Password must be at least 8 characters');
  });
  it('says "Passwords do not match" when the confirmation differs', () => {
    expect(validateEmployerSignup({ ...employer, confirmPassword: 'different!' }).confirmPassword).toBe(
      'Passwords do not match',
    );
  });
  it('requires the confirmation', () => {
    expect(validateEmployerSignup({ ...employer, confirmPassword: '' }).confirmPassword).toBe(
      'Please confirm your password',
    );
  });
  it('says "Full name is required" and "Organization is required"', () => {
    const errors = validateEmployerSignup({ ...employer, full_name: ' ', organization: '' });
    expect(errors).toEqual({ full_name: 'Full name is required', organization: 'Organization is required' });
  });
  it('checks a phone only when one is given', () => {
    expect(validateEmployerSignup({ ...employer, phone: '+1 (555) 010-2030' })).toEqual({});
    expect(validateEmployerSignup({ ...employer, phone: 'call me' }).phone).toBe('Phone number is invalid');
  });
});

describe('validateAccountSetup', () => {
  const setup = { full_name: 'Ada Lovelace', password: 'analytical', organization: 'Engines Ltd', email: '' };
  it('does not check the email when it cannot be edited', () => {
    expect(validateAccountSetup(setup, false)).toEqual({});
  });
  it('requires the email when it can be edited', () => {
    expect(validateAccountSetup(setup, true)).toEqual({ email: 'Email is required' });
  });
  it('requires full name, organization and a password of at least 8', () => {
    expect(validateAccountSetup({ password: 'short' }, false)).toEqual({
      full_name: 'Full name is required',
      organization: 'Organization is required',
      password: 'Password must be at least 8 characters',
    });
  });
});
