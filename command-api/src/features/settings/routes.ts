import { josa } from 'es-hangul';
import { Router, type Request } from 'express';
import {
  ADMIN_SETTINGS_TEST_MAIL_PATH, SETTINGS_MESSAGES, TEST_MAIL_SUBJECT, emailSettingsRequestSchema, isSettingsSection, notificationSettingsSchema,
  paymentSettingsSchema, securitySettingsSchema, siteSettingsSchema, testMailRequestSchema, type TestMailAnswer,
} from '@phonemarket/contracts/settings.ts';
import { chatbotSettingsSchema } from '@phonemarket/contracts/chatbotAdmin.ts';
import { streams } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { HttpError, badRequest, conflict, notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { consumeOrRefuse } from '@phonemarket/platform/http/rateLimits.ts';
import { secretProblem } from '@phonemarket/platform/secrets.ts';
import { handleCommand } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { openSecret, sealSecret } from '@phonemarket/platform/secretBox.ts';
import { applySessionPolicy, readSettings, type CurrentSettings } from '../../shared/siteSettings.ts';
import { MailError, sendMail } from './mail.ts';
import { settingsDecider, type SettingsCommand } from './settings.ts';

/** What the SMTP password is sealed for (shared/secretBox.ts): a value sealed for one purpose opens for no other. */
export const SMTP_PASSWORD_PURPOSE = 'smtp-password';

/** The saved SMTP password in the clear; null when none is saved. 409 when it was sealed under another server secret. */
export function smtpPasswordOf(deps: Pick<CommandDeps, 'secret'>, settings: CurrentSettings): string | null {
  const sealed = settings.saved.sealedPassword;
  if (sealed === null) return null;
  const password = openSecret(deps.secret, SMTP_PASSWORD_PURPOSE, sealed);
  if (password === null) throw conflict('저장된 SMTP 비밀번호를 읽을 수 없습니다 (서버 비밀 키가 바뀌었습니다). 이메일 설정에서 비밀번호를 다시 입력해 저장해주세요.');
  return password;
}

/**
 * Site settings (issue 29), admins only: `PUT /api/admin/settings/{section}` saves one of the five
 * sections (the forms' schemas; each save one `SiteSettingsChanged` with what changed), and
 * `POST /api/admin/settings/email/test` sends a test mail through the saved SMTP settings.
 * The reads (`GET /api/admin/settings`, `/history`) are query-api's.
 */
export function settingsRoutes(deps: CommandDeps): Router {
  const router = Router();
  const admin = requireRole('admin');
  const testMails = deps.rateLimits.limiter({ name: 'settings-test-mail', points: 10, durationSeconds: 10 * 60 });

  /** The command for the section's parsed body (the SMTP password checked against the secret rule and sealed). */
  function commandOf(req: Request, section: string): { command: SettingsCommand; input: unknown } {
    const configured = deps.auth.configuredPolicy;
    const message = '설정 값을 확인해주세요.';
    switch (section) {
      case 'site': {
        const values = parseInput(siteSettingsSchema, req.body, message);
        return { command: { type: 'SaveSettings', configured, save: { section, values } }, input: values };
      }
      case 'security': {
        const values = parseInput(securitySettingsSchema, req.body, message);
        return { command: { type: 'SaveSettings', configured, save: { section, values } }, input: values };
      }
      case 'email': {
        const { password, clearPassword, ...values } = parseInput(emailSettingsRequestSchema, req.body, message);
        let sealed: { sealed: string } | null | undefined;
        if (password !== undefined && password !== '') {
          // The repository's secret rule (platform/src/secrets.ts), as for SESSION_SECRET: long, not published, not a placeholder.
          if (secretProblem('SMTP_PASSWORD', password) !== null) throw badRequest(message, { password: SETTINGS_MESSAGES.password });
          sealed = { sealed: sealSecret(deps.secret, SMTP_PASSWORD_PURPOSE, password) };
        } else if (clearPassword) {
          sealed = null;
        }
        return {
          command: { type: 'SaveSettings', configured, save: { section, values, ...(sealed !== undefined ? { password: sealed } : {}) } },
          input: { ...values, password: password ?? '', clearPassword: clearPassword ?? false },
        };
      }
      case 'notifications': {
        const values = parseInput(notificationSettingsSchema, req.body, message);
        return { command: { type: 'SaveSettings', configured, save: { section, values } }, input: values };
      }
      case 'payment': {
        const values = parseInput(paymentSettingsSchema, req.body, message);
        return { command: { type: 'SaveSettings', configured, save: { section, values } }, input: values };
      }
      case 'chatbot': {
        const values = parseInput(chatbotSettingsSchema, req.body, message);
        return { command: { type: 'SaveSettings', configured, save: { section, values } }, input: values };
      }
      default:
        throw notFound('설정 항목을 찾을 수 없습니다.');
    }
  }

  router.put('/api/admin/settings/:section', admin, async (req, res) => {
    const section = req.params.section as string;
    if (!isSettingsSection(section)) throw notFound('설정 항목을 찾을 수 없습니다.');
    const { command, input } = commandOf(req, section);
    await claimIdempotencyKey(deps, req, input);
    const result = await handleCommand(deps.store, streams.siteSettings(), settingsDecider, command, commandContext(req, deps));
    // This instance's sessions follow at once (others within SETTINGS_REFRESH_MS, the query side when projected).
    if (section === 'security') applySessionPolicy(deps.auth, { saved: result.state, position: result.position });
    res.json(commandAnswer(section, result.position, { changed: result.written > 0 }));
  });

  router.post(ADMIN_SETTINGS_TEST_MAIL_PATH, admin, async (req, res) => {
    const { to } = parseInput(testMailRequestSchema, req.body, '받는 이메일 주소를 확인해주세요.');
    await consumeOrRefuse(testMails, req.auth!.user.id, (s) => `테스트 메일을 너무 자주 보냈습니다. ${Math.ceil(s / 60)}분 후 다시 시도해주세요.`);
    const settings = await readSettings(deps.store, deps.auth.configuredPolicy);
    const email = settings.values.email;
    if (!email.enabled) throw conflict('이메일 발송이 꺼져 있습니다. 이메일 설정에서 발송을 켜고 저장한 뒤 보내주세요.');
    const password = smtpPasswordOf(deps, settings);
    try {
      const messageId = await sendMail(email, password, {
        to,
        subject: TEST_MAIL_SUBJECT,
        text: `폰마켓 이메일 설정이 올바른지 확인하는 테스트 메일입니다.\n\nSMTP 서버: ${email.host}:${email.port}\n보낸 시각: ${deps.clock().toISOString()}\n\n이 메일을 받으셨다면 주문·답변 알림 메일도 이 서버로 발송됩니다.`,
      });
      res.json({ message: `${josa(to, '으로/로')} 테스트 메일을 보냈습니다.`, messageId } satisfies TestMailAnswer);
    } catch (err) {
      if (err instanceof MailError) throw new HttpError(502, err.message);
      throw err;
    }
  });

  return router;
}
