import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError, parseInput } from './errors.ts';

const refusal = (schema: z.ZodType, input: unknown): HttpError => {
  try {
    parseInput(schema, input);
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('accepted');
};

describe('parseInput (issue 23 L4: no English zod defaults in answers)', () => {
  const schema = z.object({ name: z.string({ error: '이름을 입력해주세요' }), quantity: z.number(), kind: z.enum(['a', 'b']), tags: z.array(z.string()).max(1) });

  it('keeps the schema\'s own messages and fills the gaps in Korean', () => {
    const err = refusal(schema, { quantity: 'many', kind: 'c', tags: ['x', 'y'] });
    expect(err.status).toBe(400);
    expect(err.message).toBe('입력값을 확인해주세요.');
    expect(err.errors).toEqual({ name: '이름을 입력해주세요', quantity: '형식이 올바르지 않습니다.', kind: '올바른 값이 아닙니다.', tags: '허용 범위를 벗어났습니다.' });
    expect(refusal(schema, { name: 'x', kind: 'a', tags: [] }).errors).toEqual({ quantity: '필수 입력 항목입니다.' });
  });

  it('a missing or non-object body is 요청 형식이 올바르지 않습니다.', () => {
    for (const body of [undefined, 'text', 7]) expect(refusal(schema, body).errors).toEqual({ _: '요청 형식이 올바르지 않습니다.' });
  });
});
