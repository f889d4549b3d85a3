import type { SectionValues } from '../../shared/siteSettings.ts';

/** One mail as the site sends it: plain text (every mail client shows it, nothing to sanitise). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Why a send failed, in Korean for the admin, without the password or the server's whole answer. */
export class MailError extends Error {
  override readonly name = 'MailError';
}

const TIMEOUT_MS = 10_000;

/** Korean for the usual nodemailer failures; the code only (never the server's text, which may echo credentials). */
function describe(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  const responseCode = (err as { responseCode?: unknown } | null)?.responseCode;
  switch (code) {
    case 'ECONNECTION':
    case 'ECONNREFUSED':
    case 'ESOCKET':
    case 'EDNS':
      return 'SMTP 서버에 연결할 수 없습니다. 서버 주소와 포트를 확인해주세요.';
    case 'ETIMEDOUT':
      return 'SMTP 서버가 응답하지 않습니다. 서버 주소, 포트와 보안 연결 방식을 확인해주세요.';
    case 'ETLS':
      return 'SMTP 서버와 보안 연결(TLS)을 맺지 못했습니다. 보안 연결 방식을 확인해주세요.';
    case 'EAUTH':
    case 'ENOAUTH':
      return 'SMTP 서버가 로그인을 거부했습니다. 사용자와 비밀번호를 확인해주세요.';
    case 'EENVELOPE':
      return 'SMTP 서버가 보내는 주소나 받는 주소를 거부했습니다.';
    case 'EMESSAGE':
      return `SMTP 서버가 메일을 거부했습니다${typeof responseCode === 'number' ? ` (${responseCode})` : ''}.`;
    default:
      return `메일을 보내지 못했습니다${typeof code === 'string' ? ` (${code})` : ''}.`;
  }
}

/**
 * Sends through the SMTP server of the e-mail settings (nodemailer): SSL/TLS from the first byte
 * (`tls`), STARTTLS required (`starttls`), or plain (`none`, for a relay on the same network).
 * Answers the server's message id; a failure is a MailError with a Korean reason.
 */
export async function sendMail(settings: SectionValues['email'], password: string | null, mail: Mail): Promise<string | null> {
  // Loaded at the first mail, not at every start (ADR 025, s57).
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    ...(settings.username ? { auth: { user: settings.username, pass: password ?? '' } } : {}),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  try {
    const info = await transport.sendMail({
      from: settings.fromName ? { name: settings.fromName, address: settings.fromAddress } : settings.fromAddress,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    return typeof info.messageId === 'string' ? info.messageId : null;
  } catch (err) {
    throw new MailError(describe(err), { cause: err });
  } finally {
    transport.close();
  }
}
