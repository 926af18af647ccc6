import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { stackFromEnv, type StackName } from './stacks';

export interface Stack {
  baseURL: string;
  authEmulatorHost: string;
  projectId: string;
  databaseUrl: string;
}

export interface EmulatorAccount {
  uid: string;
  email: string;
  password: string;
}

/** Helpers that talk to the real Auth Emulator, as the mailbox and an administrator would. */
export function emulator(stack: Stack) {
  const identity = `http://${stack.authEmulatorHost}/identitytoolkit.googleapis.com/v1`;
  const post = async <T>(url: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    async oobCodes(): Promise<
      Array<{ email: string; oobCode: string; oobLink: string; requestType: string }>
    > {
      const res = await fetch(
        `http://${stack.authEmulatorHost}/emulator/v1/projects/${stack.projectId}/oobCodes`,
      );
      return ((await res.json()) as { oobCodes: [] }).oobCodes;
    },
    /** A new email account, verified unless told otherwise. */
    async createAccount(options: { verified?: boolean; admin?: boolean } = {}): Promise<EmulatorAccount> {
      const email = `e2e-${randomUUID().slice(0, 8)}@example.test`;
      const password = 'correct-horse-1';
      const { localId } = await post<{ localId: string }>(`${identity}/accounts:signUp?key=e2e`, {
        email,
        password,
      });
      await post(
        `${identity}/projects/${stack.projectId}/accounts:update`,
        {
          localId,
          emailVerified: options.verified ?? true,
          ...(options.admin ? { customAttributes: JSON.stringify({ admin: true }) } : {}),
        },
        { authorization: 'Bearer owner' },
      );
      return { uid: localId, email, password };
    },
  };
}

const screenshotDir = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  'artifacts',
  'screenshots',
);

/** Saves a full-page screenshot as a test artifact under e2e/artifacts/screenshots. */
export async function saveScreenshot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export const test = base.extend<{ stackName: StackName; stack: Stack }>({
  stackName: ['shared', { option: true }],
  stack: async ({ stackName }, use) => use(stackFromEnv(stackName)),
  baseURL: async ({ stack }, use) => use(stack.baseURL),
});

export { expect };
