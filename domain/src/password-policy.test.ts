import { isGuessablePassword } from './password-policy';

describe('isGuessablePassword', () => {
  it.each(['password', 'Password1', '12345678', 'qwertyuiop', 'ILOVEYOU'])(
    'refuses the common password %s in any case',
    (password) => {
      expect(isGuessablePassword(password)).toBe(true);
    },
  );

  it('refuses one character repeated', () => {
    expect(isGuessablePassword('zzzzzzzzzz')).toBe(true);
  });

  it('refuses the e-mail address or its local part as the password', () => {
    expect(isGuessablePassword('Grace.Hopper@example.com', 'grace.hopper@example.com')).toBe(true);
    expect(isGuessablePassword('grace.hopper', 'grace.hopper@example.com')).toBe(true);
  });

  it('accepts a passphrase nobody lists', () => {
    expect(isGuessablePassword('correct horse battery staple', 'grace@example.com')).toBe(false);
  });
});
