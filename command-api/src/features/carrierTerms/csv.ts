import { CARRIER_TERMS_MESSAGES, CSV_MAX_ROWS, subsidyRequestSchema, type SubsidyRequest } from '@phonemarket/contracts/carrierTerms.ts';
import * as z from 'zod/mini';
import { koreanIssueMessage } from '@phonemarket/platform/http/errors.ts';

/** One CSV line's fields: commas separate, double quotes enclose a field ("450,000"), "" is a quote inside one. */
export function csvFields(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') { field += '"'; i++; } else if (ch === '"') quoted = false; else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { out.push(field); field = ''; } else field += ch;
  }
  out.push(field);
  return out.map((f) => f.trim());
}

const HEADER = ['모델id', '용량', '통신사', '가입유형', '요금제id', '공시지원금'];
/** '450,000', '450000원', '45만' is not accepted: digits, commas and an optional 원 only. */
const number = (text: string): number | string => (/^\d{1,3}(,\d{3})*(원)?$|^\d+(원)?$/.test(text) ? Number(text.replace(/[,원]/g, '')) : text);
const storage = (text: string): number | string => (/^\d+\s*(gb)?$/i.test(text) ? Number(text.replace(/\s*gb$/i, '')) : /^\d+\s*tb$/i.test(text) ? Number(text.replace(/\s*tb$/i, '')) * 1024 : text);

export interface ParsedRow { row: number; input: SubsidyRequest }
export interface RowError { row: number; errors: string[] }

/**
 * The CSV of 공시지원금 rows: header `모델ID,용량,통신사,가입유형,요금제ID,공시지원금[,적용시작,적용종료]`,
 * then one row per plan. Each row is checked with the route's schema; a row's problems are its
 * Korean messages (row numbers count the header as row 1).
 */
export function parseSubsidyCsv(csv: string): { rows: ParsedRow[]; errors: RowError[]; fatal: string | null } {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  // '모델ID' or '모델 아이디', '요금제ID' or '요금제 아이디'.
  const header = csvFields(lines[0] ?? '').map((h) => h.replace(/\s+/g, '').toLowerCase().replace('아이디', 'id'));
  if (HEADER.some((h, i) => header[i] !== h)) return { rows: [], errors: [], fatal: CARRIER_TERMS_MESSAGES.csvHeader };
  const rows: ParsedRow[] = [];
  const errors: RowError[] = [];
  let count = 0;
  for (const [i, line] of lines.entries()) {
    if (i === 0 || line.trim() === '') continue;
    if (++count > CSV_MAX_ROWS) return { rows: [], errors: [], fatal: CARRIER_TERMS_MESSAGES.tooManyRows };
    const f = csvFields(line);
    const candidate = {
      modelId: f[0] ?? '', storage: storage(f[1] ?? ''), carrier: f[2] ?? '', joinType: f[3] ?? '', planId: f[4] ?? '', subsidy: number(f[5] ?? ''),
      validFrom: f[6] ? f[6] : null, validUntil: f[7] ? f[7] : null,
    };
    const parsed = z.safeParse(subsidyRequestSchema, candidate, { error: koreanIssueMessage });
    if (parsed.success) rows.push({ row: i + 1, input: parsed.data });
    else errors.push({ row: i + 1, errors: [...new Set(parsed.error.issues.map((issue) => issue.message))] });
  }
  if (count === 0) return { rows: [], errors: [], fatal: CARRIER_TERMS_MESSAGES.csvEmpty };
  return { rows, errors, fatal: null };
}
