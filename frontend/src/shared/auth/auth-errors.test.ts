import { describe, expect, it } from 'vitest';
import {
  authErrorCode,
  dialogEmailAuthMessage,
  googleServiceMessage,
  pageSignInMessage,
  pageSignUpMessage,
  passwordResetMessage,
} from './auth-errors';

/** A provider error as the Firebase SDK raises it. */
const providerError = (code: string, message = `Firebase: Error (${code}).`) =>
  Object.assign(new Error(message), { code });

describe('authErrorCode', () => {
  it('strips the auth/ prefix and copes with errors without a code', () => {
    expect(authErrorCode(providerError('auth/user-not-found'))).toBe('user-not-found');
    expect(authErrorCode(new Error('boom'))).toBe('');
    expect(authErrorCode('boom')).toBe('');
  });
});

describe('error catalogue', () => {
  it.each([
    ['auth/user-not-found', 'No account found with this email. Please sign up first.'],
    ['auth/wrong-password', 'Incorrect password. Please try again.'],
    ['auth/email-already-in-use', 'Email already in use. Please sign in instead.'],
    ['auth/weak-password', 'Password should be at least 6 characters.'],
    ['auth/invalid-email', 'Please enter a valid email address.'],
    ['auth/too-many-requests', 'Too many failed attempts. Please try again later.'],
    ['auth/internal-error', 'Authentication failed'],
  ])('dialog email sign-in: %s', (code, message) => {
    expect(dialogEmailAuthMessage(providerError(code))).toBe(message);
  });

  it.each([
    ['auth/user-not-found', 'No account found with this email address.'],
    ['auth/wrong-password', 'Incorrect password. Please try again.'],
    ['auth/invalid-email', 'Please enter a valid email address.'],
    ['auth/too-many-requests', 'Too many failed attempts. Please try again later.'],
    ['auth/network-request-failed', 'Unable to sign in. Please try again.'],
  ])('page sign-in: %s', (code, message) => {
    expect(pageSignInMessage(providerError(code))).toBe(message);
  });

  it.each([
    ['auth/email-already-in-use', 'An account with this email already exists. Try signing in instead.'],
    ['auth/invalid-email', 'Please enter a valid email address.'],
    ['auth/weak-password', 'Password is too weak. Please choose a stronger password.'],
    ['auth/operation-not-allowed', 'Unable to create account. Please try again.'],
  ])('page sign-up: %s', (code, message) => {
    expect(pageSignUpMessage(providerError(code))).toBe(message);
  });

  it.each([
    ['auth/user-not-found', 'No account found with this email address.'],
    ['auth/invalid-email', 'Please enter a valid email address.'],
    ['auth/too-many-requests', 'Too many requests. Please try again later.'],
    ['auth/missing-continue-uri', 'Failed to send password reset email.'],
  ])('password reset: %s', (code, message) => {
    expect(passwordResetMessage(providerError(code))).toBe(message);
  });

  it.each([
    ['auth/popup-closed-by-user', 'Sign-in was cancelled. Please try again.'],
    ['auth/popup-blocked', 'Popup was blocked by your browser. Please allow popups and try again.'],
    ['auth/unauthorized-domain', 'This domain is not authorized for Google sign-in. Please contact support.'],
    ['auth/cancelled-popup-request', 'Another sign-in popup is already open. Please close it and try again.'],
  ])('Google service layer: %s', (code, message) => {
    expect(googleServiceMessage(providerError(code))).toBe(message);
  });

  it('prefixes other Google failures with the provider message', () => {
    expect(googleServiceMessage(providerError('auth/internal-error', 'Firebase: boom'))).toBe(
      'Google sign-in failed: Firebase: boom',
    );
  });
});
