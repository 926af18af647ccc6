/** A toast title and description (the sign-in pages' validation messages). */
export interface ValidationProblem {
  title: string;
  description: string;
}

export const MIN_PASSWORD_LENGTH = 6;

export function validateSignIn(form: { email: string; password: string }): ValidationProblem | null {
  if (!form.email.trim() || !form.password) {
    return { title: 'Missing Information', description: 'Please enter both email and password.' };
  }
  return null;
}

export function validateSignUp(form: {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}): ValidationProblem | null {
  if (!form.name.trim() || !form.email.trim() || !form.password || !form.confirmPassword) {
    return { title: 'Missing Information', description: 'Please fill in all fields.' };
  }
  if (form.password !== form.confirmPassword) {
    return { title: 'Password Mismatch', description: 'Passwords do not match. Please try again.' };
  }
  if (form.password.length < MIN_PASSWORD_LENGTH) {
    return { title: 'Weak Password', description: 'Password must be at least 6 characters long.' };
  }
  return null;
}
