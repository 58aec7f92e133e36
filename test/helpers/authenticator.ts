import request from 'supertest';
import { codeAt, currentStep, TOTP_PERIOD } from '../../api/src/auth/two-factor/totp.js';
import type { TestAdmin } from './admin.js';
import type { Stack } from './stack.js';

/**
 * An authenticator app for tests: the codes of a secret, each time step used once (the server refuses a step
 * it has accepted, so a second sign-in within 30 s takes the next step, which the window allows; past that the
 * app waits for the clock as a person would).
 */
export class Authenticator {
  /** The last step this app gave a code for. */
  lastStep = 0;

  constructor(readonly secret: string) {}

  async nextCode(): Promise<string> {
    for (;;) {
      const now = currentStep();
      // The current step first: a code replayed right after stays inside the server's window.
      const step = Math.max(now, this.lastStep + 1);
      if (step <= now + 1) {
        this.lastStep = step;
        return codeAt(this.secret, step);
      }
      await new Promise((r) => setTimeout(r, (now + 1) * TOTP_PERIOD * 1000 - Date.now() + 50));
    }
  }

  /** A code of the current step, without marking it used (to replay one on purpose). */
  codeNow(): string {
    return codeAt(this.secret, currentStep());
  }
}

export interface TwoFactorAdmin extends TestAdmin {
  app: Authenticator;
  recoveryCodes: string[];
}

/** Signs in with the password, enrols through the sign-in steps, and answers the session with the admin's app. */
export async function signInEnrolling(
  stack: Stack,
  admin: TestAdmin,
): Promise<{ token: string; admin: TwoFactorAdmin }> {
  const api = request(stack.apiUrl);
  const first = await api.post('/api/admin/login').send({ email: admin.email, password: admin.password }).expect(200);
  if (first.body.next !== 'enrol-two-factor') throw new Error(`expected enrolment, got ${JSON.stringify(first.body)}`);
  const setup = await api
    .post('/api/admin/login/two-factor/setup')
    .send({ challengeToken: first.body.challengeToken })
    .expect(200);
  const app = new Authenticator(setup.body.secret);
  const done = await api
    .post('/api/admin/login/two-factor/enrol')
    .send({ challengeToken: first.body.challengeToken, code: await app.nextCode() })
    .expect(200);
  return { token: done.body.sessionToken, admin: { ...admin, app, recoveryCodes: done.body.recoveryCodes } };
}

/** Signs in an enrolled admin: password, then the next code of their app. */
export async function signInWithCode(stack: Stack, admin: TwoFactorAdmin): Promise<string> {
  const api = request(stack.apiUrl);
  const first = await api.post('/api/admin/login').send({ email: admin.email, password: admin.password }).expect(200);
  if (first.body.next !== 'two-factor') throw new Error(`expected a code step, got ${JSON.stringify(first.body)}`);
  const done = await api
    .post('/api/admin/login/two-factor')
    .send({ challengeToken: first.body.challengeToken, code: await admin.app.nextCode() })
    .expect(200);
  return done.body.sessionToken;
}
