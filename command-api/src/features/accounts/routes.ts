import { Router, type Request } from 'express';
import { z } from 'zod';
import { loginSchema } from '@phonemarket/contracts';
import { registerSchema } from '@phonemarket/contracts/register.ts';
import { accountRoleSchema } from '@phonemarket/events';
import { hashPassword, verifyPassword } from '@phonemarket/platform/auth/passwords.ts';
import { HttpError, notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { createRateLimiter } from '@phonemarket/platform/http/rateLimit.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { deterministicId } from '../../shared/commandHandler.ts';
import { findAccountByEmail, findAccountById, normalizeEmail, registerAccount, sessionUserOf } from './accountService.ts';
import { DEMO_ACCOUNTS } from './demoAccounts.ts';

const demoSchema = z.object({ role: accountRoleSchema.default('user') });

/** Never says which of email or password was wrong. */
const invalidCredentials = () => new HttpError(401, '이메일 또는 비밀번호가 올바르지 않습니다.');
const tooManyAttempts = (retryAfterMs: number) =>
  new HttpError(429, `로그인 시도가 너무 많습니다. ${Math.ceil(retryAfterMs / 60_000)}분 후 다시 시도해주세요.`);

export function accountRoutes(deps: CommandDeps): Router {
  const router = Router();
  const perClient = createRateLimiter({ limit: 20, windowMs: 15 * 60_000, clock: deps.clock });
  const perAccount = createRateLimiter({ limit: 5, windowMs: 15 * 60_000, clock: deps.clock });
  const clientKey = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

  router.post('/api/auth/register', async (req, res) => {
    const input = parseInput(registerSchema, req.body);
    const ctx = commandContext(req, deps);
    // With an Idempotency-Key a retried request must name the same account, or it would create a second one.
    const userId = ctx.idempotencyKey ? deterministicId(`register|${ctx.idempotencyKey}`) : deps.newId();
    const passwordHash = await hashPassword(input.password);
    const result = await registerAccount(deps.store, { userId, email: input.email, firstName: input.firstName, lastName: input.lastName, role: 'user', passwordHash, demo: false }, ctx);
    if (result.state.status !== 'registered') throw new Error('registration produced no user');
    const user = sessionUserOf(result.state);
    await deps.auth.start(req, res, user);
    res.status(201).json(commandAnswer(user.id, result.position, { user }));
  });

  router.post('/api/auth/login', async (req, res) => {
    const input = parseInput(loginSchema, req.body);
    const account = normalizeEmail(input.email);
    const client = perClient.hit(clientKey(req));
    if (!client.allowed) throw tooManyAttempts(client.retryAfterMs);
    if (perAccount.blocked(account)) throw tooManyAttempts(15 * 60_000);
    const found = await findAccountByEmail(deps.store, account);
    // Verify against a dummy hash when the account is unknown, so timing does not reveal which emails exist.
    const ok = found?.user.status === 'registered'
      ? await verifyPassword(input.password, found.user.passwordHash)
      : (await verifyPassword(input.password, DUMMY_HASH), false);
    if (!ok || !found || found.user.status !== 'registered') {
      perAccount.hit(account);
      throw invalidCredentials();
    }
    perAccount.reset(account);
    const user = sessionUserOf(found.user);
    await deps.auth.start(req, res, user);
    res.json(commandAnswer(user.id, found.position, { user }));
  });

  router.post('/api/auth/logout', async (req, res) => {
    await deps.auth.end(req, res);
    res.status(204).end();
  });

  router.post('/api/auth/demo', async (req, res) => {
    if (!deps.demo) throw notFound('요청하신 경로를 찾을 수 없습니다.');
    const { role } = parseInput(demoSchema, req.body ?? {});
    const found = await findAccountById(deps.store, DEMO_ACCOUNTS[role].userId);
    if (!found || found.user.status !== 'registered') throw notFound('데모 계정을 찾을 수 없습니다.');
    const user = sessionUserOf(found.user);
    await deps.auth.start(req, res, user);
    res.json(commandAnswer(user.id, found.position, { user }));
  });

  return router;
}

/** A valid argon2id hash of a random string (computed once at load), used to equalise timing. */
const DUMMY_HASH = await hashPassword('timing-equaliser-not-a-password');
