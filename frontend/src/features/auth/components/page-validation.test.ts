import { describe, expect, it } from 'vitest';
import { validateSignIn, validateSignUp } from './page-validation';

const signUp = { name: 'Ada', email: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1' };

describe('page validation', () => {
  it('asks for both email and password on sign-in', () => {
    const missing = { title: 'Missing Information', description: 'Please enter both email and password.' };
    expect(validateSignIn({ email: '', password: 'x' })).toEqual(missing);
    expect(validateSignIn({ email: 'a@b.c', password: '' })).toEqual(missing);
    expect(validateSignIn({ email: 'a@b.c', password: 'x' })).toBeNull();
  });

  it('requires all four sign-up fields', () => {
    for (const field of ['name', 'email', 'password', 'confirmPassword'] as const) {
      expect(validateSignUp({ ...signUp, [field]: '' })).toEqual({
        title: 'Missing Information',
        description: 'Please fill in all fields.',
      });
    }
  });

  it('rejects mismatched passwords before their length', () => {
    expect(validateSignUp({ ...signUp, password: 'abc', confirmPassword: 'abd' })).toEqual({
      title: 'Password Mismatch',
      description: 'Passwords do not match. Please try again.',
    });
  });

  it('rejects passwords under 6 characters', () => {
    expect(validateSignUp({ ...signUp, password: 'abcde', confirmPassword: 'abcde' })).toEqual({
      title: 'Weak Password',
      description: 'Password must be at least 6 characters long.',
    });
    expect(validateSignUp({ ...signUp, password: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
  });
});
