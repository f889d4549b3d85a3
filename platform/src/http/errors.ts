import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { DomainError } from '../domainError.ts';

const DOMAIN_STATUS = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409 } as const;

/** Every non-2xx answer has this shape (one error shape for all services). */
export interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
}

export class HttpError extends Error {
  readonly status: number;
  readonly errors: Record<string, string> | undefined;
  /** Extra response headers (e.g. `Retry-After` on a 429). */
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, errors?: Record<string, string>, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const unauthorized = () => new HttpError(401, '로그인이 필요합니다.');
export const forbidden = () => new HttpError(403, '이 작업을 할 권한이 없습니다.');
export const notFound = (message = '요청하신 항목을 찾을 수 없습니다.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string) => new HttpError(422, message);

/** Field -> first message, from a zod error (paths joined with '.'). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Korean for an issue whose schema gave no message of its own (zod's defaults are English: "Invalid input:
 * expected object, received undefined"). Schema messages outrank this map, so it only fills the gaps.
 */
export const koreanIssueMessage = (issue: z.core.$ZodRawIssue): string => {
  if (issue.code === 'invalid_type' && !issue.path?.length) return '요청 형식이 올바르지 않습니다.';
  switch (issue.code) {
    case 'invalid_type': return issue.input === undefined ? '필수 입력 항목입니다.' : '형식이 올바르지 않습니다.';
    case 'too_small':
    case 'too_big': return '허용 범위를 벗어났습니다.';
    case 'invalid_value':
    case 'invalid_format':
    case 'invalid_union': return '올바른 값이 아닙니다.';
    case 'unrecognized_keys': return '알 수 없는 항목이 있습니다.';
    default: return '입력값을 확인해주세요.';
  }
};

/** Parses input at the HTTP edge; a failure is a 400 with Korean per-field messages. Takes classic and zod/mini schemas (contracts). */
export function parseInput<S extends z.core.$ZodType>(schema: S, input: unknown, message = '입력값을 확인해주세요.'): z.output<S> {
  const result = z.safeParse(schema, input, { error: koreanIssueMessage });
  if (!result.success) throw badRequest(message, fieldErrors(result.error));
  return result.data;
}

export const notFoundRoute: RequestHandler = (_req, _res, next) => {
  next(new HttpError(404, '요청하신 경로를 찾을 수 없습니다.'));
};

/** The HTTP status a broken rule answers with (also told to a socket's caller, ADR 031). */
export function domainErrorStatus(err: DomainError): number {
  return DOMAIN_STATUS[err.kind];
}

export function errorHandler(log: (err: unknown) => void): ErrorRequestHandler {
  return (err, _req, res, _next) => {
    if (err instanceof HttpError) {
      const body: ErrorBody = { message: err.message };
      if (err.errors) body.errors = err.errors;
      res.set(err.headers).status(err.status).json(body);
      return;
    }
    if (err instanceof DomainError) {
      const body: ErrorBody = { message: err.message };
      if (err.errors) body.errors = err.errors;
      res.status(domainErrorStatus(err)).json(body);
      return;
    }
    // body-parser errors: malformed JSON or too large a body
    if (isStatusError(err) && err.status >= 400 && err.status < 500) {
      const message = err.type === 'entity.too.large' ? '요청 본문이 너무 큽니다.' : '요청 형식이 올바르지 않습니다.';
      res.status(err.status).json({ message } satisfies ErrorBody);
      return;
    }
    log(err);
    res.status(500).json({ message: '서버 오류가 발생했습니다. 잠시 후 다시 시도해주세요.' } satisfies ErrorBody);
  };
}

function isStatusError(err: unknown): err is { status: number; type?: string } {
  return typeof err === 'object' && err !== null && typeof (err as { status?: unknown }).status === 'number';
}
