import type { Role } from '@phonemarket/contracts';

/** Role names as the server knows them (contracts' `ROLES`), plus the signed-out visitor. */
export type ApiRole = 'guest' | Role;

export type QueryParamValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryParamValue>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Anything with zod's `safeParse` (classic `zod` or the lighter `zod/mini` schemas both fit).
 */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/** A schema loaded on first use. */
export type LazySchema<T> = () => Promise<ResponseSchema<T>>;

export interface ApiRequestOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON (adds `Content-Type: application/json`); a `Blob` (a chosen file) is sent as it is, with its own type. */
  body?: unknown;
  /** Appended as a querystring; `undefined`, `null` and `''` are skipped. */
  params?: QueryParams;
  /**
   * When given, the answer is validated with it and its output is returned. A loader
   * (`() => import(…)`) keeps the schema's module, and zod, out of the first screen's scripts: a
   * server-rendered page starts with its answers in the page, and its first request of its own
   * comes after it has hydrated (ADR 009).
   */
  schema?: ResponseSchema<T> | LazySchema<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Field errors as sent by the server: `{ field: message }` or `{ field: [messages] }`. */
export type FieldErrors = Record<string, string>;

/**
 * A non-OK answer. `message` is `${status}: ${text}` (spec §8) where text is the server's
 * JSON `message`, else the raw body, else the status text.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own message (without the status prefix). */
  readonly detail: string;
  readonly errors: FieldErrors | undefined;

  constructor(status: number, detail: string, errors?: FieldErrors) {
    super(`${status}: ${detail}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.errors = errors;
  }
}

/** The answer did not have the shape the client expected. */
export class ApiResponseError extends Error {
  readonly path: string;
  constructor(path: string, cause: unknown) {
    super(`Unexpected response from ${path}`, { cause });
    this.name = 'ApiResponseError';
    this.path = path;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * For a page's subject that may not exist (a model, a brand): its 404 is an answer, `null`, not
 * an error. A server render then shows 'not found' and answers 404, and the browser hydrates the
 * same, because answers travel with the page while errors do not (the browser would fetch again
 * on mount and render a skeleton where the server had rendered 'not found').
 */
export async function orNotFound<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

// ---------------------------------------------------------------------------
// Read-your-writes: commands answer `{ id, position }`; later GETs send
// `X-Min-Position` so the query API waits until its projection caught up.

const POSITION = /^\d+$/;
/** Kept in sessionStorage too, so a write survives the reload that follows a role switch. */
const POSITION_KEY = 'phonemarket:minPosition';

function readStoredPosition(): bigint | null {
  try {
    const raw = window.sessionStorage.getItem(POSITION_KEY);
    return raw !== null && POSITION.test(raw) ? BigInt(raw) : null;
  } catch {
    return null;
  }
}

let minPosition: bigint | null = readStoredPosition();

export function notePosition(position: string): void {
  if (!POSITION.test(position)) return;
  const value = BigInt(position);
  if (minPosition !== null && value <= minPosition) return;
  minPosition = value;
  try {
    window.sessionStorage.setItem(POSITION_KEY, position);
  } catch {
    // storage unavailable: the in-memory value still works for this page
  }
}

export function getMinPosition(): string | null {
  return minPosition === null ? null : minPosition.toString();
}

/** Forgets the remembered position (tests). */
export function resetApiClientState(): void {
  minPosition = null;
  try {
    window.sessionStorage.removeItem(POSITION_KEY);
  } catch {
    // ignore
  }
}

// ---------------------------------------------------------------------------
// Transport: the browser's fetch; the server render (app/entry-server.tsx) puts its own, which
// sends the path to this same server with the visitor's cookie.

type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

export function setApiTransport(next: Transport): void {
  transport = next;
}

// ---------------------------------------------------------------------------

export function buildUrl(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const qs = search.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseFieldErrors(value: unknown): FieldErrors | undefined {
  if (!isRecord(value)) return undefined;
  const out: FieldErrors = {};
  for (const [field, raw] of Object.entries(value)) {
    if (typeof raw === 'string') out[field] = raw;
    else if (Array.isArray(raw)) {
      const first: unknown = raw.find((m: unknown) => typeof m === 'string');
      if (typeof first === 'string') out[field] = first;
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let detail = text.trim();
  let errors: FieldErrors | undefined;
  if (detail) {
    try {
      const parsed: unknown = JSON.parse(detail);
      if (isRecord(parsed) && typeof parsed.message === 'string') {
        detail = parsed.message;
        errors = parseFieldErrors(parsed.errors);
      }
    } catch {
      // not JSON: keep the raw text
    }
  }
  if (!detail) detail = res.statusText;
  return new ApiError(res.status, detail, errors);
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) return JSON.parse(text) as unknown;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The query API's mark on an answer given before its projection reached `X-Min-Position` (it waited 2 s). */
export const LAGGING_HEADER = 'X-Projection-Lagging';
/** Tries again of a lagging read: with the server's 2 s wait each, ~10 s before a stale answer is taken. */
export const LAGGING_RETRIES = 5;

/**
 * Calls our API. Sends cookies (the session decides the role); remembers command positions and
 * sends the highest one on later GETs; throws `ApiError` for a non-OK answer.
 */
export async function apiFetch<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...options.headers,
  };
  const hasBody = options.body !== undefined;
  const blob = typeof Blob !== 'undefined' && options.body instanceof Blob ? options.body : null;
  if (hasBody) headers['Content-Type'] = blob ? blob.type || 'application/octet-stream' : 'application/json';
  const position = getMinPosition();
  if (method === 'GET' && position !== null) headers['X-Min-Position'] = position;

  const send = () => transport(buildUrl(path, options.params), {
    method,
    headers,
    body: blob ?? (hasBody ? JSON.stringify(options.body) : undefined),
    credentials: 'same-origin',
    signal: options.signal,
  });
  let res = await send();
  // The projection had not reached our last write within the server's wait: this answer may not show it yet, and
  // often nothing else would read it again (no push follows one's own change). Ask again; each try waits there.
  for (let retry = 0; retry < LAGGING_RETRIES && res.ok && res.headers.get(LAGGING_HEADER) === 'true' && headers['X-Min-Position']; retry++) {
    await res.body?.cancel();
    res = await send();
  }

  if (!res.ok) throw await toApiError(res);

  const data = await readBody(res);
  if (method !== 'GET' && isRecord(data) && typeof data.position === 'string') notePosition(data.position);

  if (options.schema) {
    const schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
    const result = schema.safeParse(data);
    if (!result.success) throw new ApiResponseError(path, result.error);
    return result.data;
  }
  return data as T;
}
