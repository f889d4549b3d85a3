import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { CONSENT_VERSIONS, SUSPENDED_ACCOUNT_MESSAGE, loginSchema } from '@phonemarket/contracts';
import { registerSchema } from '@phonemarket/contracts/register.ts';
import { accountRoleSchema, streams } from '@phonemarket/events';
import { hashPassword, verifyPassword } from '@phonemarket/platform/auth/passwords.ts';
import { HttpError, notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { consumeOrRefuse, isExhausted, penalise, retryAfterSecondsOf, tooManyRequests, waitText } from '@phonemarket/platform/http/rateLimits.ts';
import { isLoopback } from '@phonemarket/platform/http/addresses.ts';
import { hasLoopbackHost } from '@phonemarket/platform/http/hosts.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { readSettings, type SectionValues } from '../../shared/siteSettings.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { handleCommand, newRecordId } from '../../shared/commandHandler.ts';
import { findAccountByEmail, findAccountById, normalizeEmail, registerAccount, sessionUserOf } from './accountService.ts';
import { DEMO_ACCOUNTS } from './demoAccounts.ts';
import { userDecider, type RegisteredUser } from './user.ts';

/** Exported for the route contract table (tests/properties). */
export const demoSchema = z.object({ role: accountRoleSchema.default('user') });

/** Never says which of email or password was wrong. */
const invalidCredentials = () => new HttpError(401, '이메일 또는 비밀번호가 올바르지 않습니다.');
const tooManySignIns = (seconds: number) => `로그인 시도가 너무 많습니다. ${waitText(seconds)} 후 다시 시도해주세요.`;
const tooManySignUps = (seconds: number) => `가입 요청이 너무 많습니다. ${waitText(seconds)} 후 다시 시도해주세요.`;
/** After this many failures on one account from anywhere, its sign-ins are slowed (never locked for everyone). */
const SLOW_DOWN_AFTER = 10;
const SLOW_DOWN_MS = 1_000;

export function accountRoutes(deps: CommandDeps): Router {
  const router = Router();
  const limits = {
    signUpPerAddress: deps.rateLimits.limiter({ name: 'signup-address', points: deps.signUpsPerAddressPerHour, durationSeconds: 60 * 60 }),
    signInFailuresPerAccount: deps.rateLimits.limiter({ name: 'signin-account', points: SLOW_DOWN_AFTER, durationSeconds: 15 * 60 }),
    demoPerAddress: deps.rateLimits.limiter({ name: 'demo-address', points: 30, durationSeconds: 15 * 60 }),
  };
  /**
   * The sign-in failure limits of the site settings (issue 29 보안 설정; defaults 20 per address, 5 per
   * account from one address, 15 minutes): one limiter per rule, made when a rule is first in force.
   */
  const ruled = new Map<string, ReturnType<CommandDeps['rateLimits']['limiter']>>();
  const limiter = (name: string, points: number, durationSeconds: number) => {
    const id = `${name}|${points}|${durationSeconds}`;
    let found = ruled.get(id);
    if (!found) ruled.set(id, (found = deps.rateLimits.limiter({ name, points, durationSeconds })));
    return found;
  };
  const signInLimits = (security: SectionValues['security']) => ({
    perAddress: limiter('signin-address', security.maxSignInFailuresPerAddress, security.signInLockMinutes * 60),
    perAccountAndAddress: limiter('signin-account-address', security.maxSignInFailures, security.signInLockMinutes * 60),
  });
  // `req.ip` honours exactly the configured proxy hops (TRUST_PROXY), so a client-written X-Forwarded-For cannot change it.
  const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';
  const accountKey = (email: string) => createHash('sha256').update(email).digest('hex');
  /** A suspended account may not sign in (403); a sign-in is recorded on the account (its history shows it, never the address). */
  async function signIn(req: Request, res: Response, account: RegisteredUser, method: 'password' | 'demo') {
    if (account.suspended) throw new HttpError(403, SUSPENDED_ACCOUNT_MESSAGE);
    const recorded = await handleCommand(deps.store, streams.user(account.userId), userDecider, { type: 'RecordSignIn', method }, commandContext(req, deps));
    const user = sessionUserOf(account);
    await deps.auth.start(req, res, user);
    res.json(commandAnswer(user.id, recorded.position, { user }));
  }

  router.post('/api/auth/register', async (req, res) => {
    const input = parseInput(registerSchema, req.body);
    await consumeOrRefuse(limits.signUpPerAddress, clientAddress(req), tooManySignUps);
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    // With an Idempotency-Key a retried request must name the same account (the key includes the body's fingerprint).
    const userId = newRecordId(ctx, 'register');
    const passwordHash = await hashPassword(input.password);
    // The schema refused a sign-up without the required agreements; the versions are those in force now.
    const consents = {
      termsVersion: CONSENT_VERSIONS.terms, privacyVersion: CONSENT_VERSIONS.privacy, ageOver14Confirmed: true as const,
      marketing: input.agreeMarketing, marketingVersion: CONSENT_VERSIONS.marketing,
    };
    const result = await registerAccount(deps.store, { userId, email: input.email, firstName: input.firstName, lastName: input.lastName, role: 'user', passwordHash, demo: false, consents }, ctx);
    if (result.state.status !== 'registered') throw new Error('registration produced no user');
    // A replay appended nothing: it gets a session only by proving the password again.
    if (result.written === 0 && !(await verifyPassword(input.password, result.state.passwordHash))) throw invalidCredentials();
    const user = sessionUserOf(result.state);
    await deps.auth.start(req, res, user);
    res.status(201).json(commandAnswer(user.id, result.position, { user }));
  });

  router.post('/api/auth/login', async (req, res) => {
    const input = parseInput(loginSchema, req.body);
    const account = normalizeEmail(input.email);
    const address = clientAddress(req);
    const pair = `${accountKey(account)}|${address}`;
    const { perAddress, perAccountAndAddress } = signInLimits((await readSettings(deps.store, deps.auth.configuredPolicy)).values.security);
    for (const [limited, key] of [[perAddress, address], [perAccountAndAddress, pair]] as const) {
      const exhausted = await isExhausted(limited, key);
      if (exhausted) throw tooManyRequests(tooManySignIns(retryAfterSecondsOf(exhausted)), retryAfterSecondsOf(exhausted));
    }
    // Many failures on this account from elsewhere slow it down for everyone, but never lock the owner out.
    if (await isExhausted(limits.signInFailuresPerAccount, accountKey(account))) await delay(SLOW_DOWN_MS);
    const found = await findAccountByEmail(deps.store, account);
    // Verify against a dummy hash when the account is unknown, so timing does not reveal which emails exist.
    const ok = found?.user.status === 'registered'
      ? await verifyPassword(input.password, found.user.passwordHash)
      : (await verifyPassword(input.password, DUMMY_HASH), false);
    if (!ok || !found || found.user.status !== 'registered') {
      await Promise.all([
        penalise(perAddress, address),
        penalise(perAccountAndAddress, pair),
        penalise(limits.signInFailuresPerAccount, accountKey(account)),
      ]);
      throw invalidCredentials();
    }
    await perAccountAndAddress.delete(pair);
    // Claimed only once the password is right: a failed attempt never holds the key.
    await claimIdempotencyKey(deps, req, input);
    await signIn(req, res, found.user, 'password');
  });

  router.post('/api/auth/logout', async (req, res) => {
    await deps.auth.end(req, res);
    res.status(204).end();
  });

  router.post('/api/auth/demo', async (req, res) => {
    if (deps.demo === 'off') throw notFound('요청하신 경로를 찾을 수 없습니다.');
    // This machine only: the client's address and the name it used (a rebinding page reaches 127.0.0.1 under its own name).
    if (deps.demo === 'loopback' && !(isLoopback(clientAddress(req)) && hasLoopbackHost(req))) {
      throw new HttpError(403, '데모 로그인은 서버와 같은 컴퓨터에서만 사용할 수 있습니다.');
    }
    await consumeOrRefuse(limits.demoPerAddress, clientAddress(req), tooManySignIns);
    const { role } = parseInput(demoSchema, req.body ?? {});
    const found = await findAccountById(deps.store, DEMO_ACCOUNTS[role].userId);
    if (!found || found.user.status !== 'registered') throw notFound('데모 계정을 찾을 수 없습니다.');
    await claimIdempotencyKey(deps, req, { role });
    await signIn(req, res, found.user, 'demo');
  });

  return router;
}

/** A valid argon2id hash of a random string (computed once at load), used to equalise timing. */
const DUMMY_HASH = await hashPassword('timing-equaliser-not-a-password');
