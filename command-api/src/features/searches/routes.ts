import { createHash } from 'node:crypto';
import { Router } from 'express';
import { streams } from '@phonemarket/events';
import { parseInput } from '@phonemarket/platform/http/errors.ts';
import { searchTermSchema, type CountedAnswer } from '@phonemarket/contracts';
import { handleCommand } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { visitorKey } from '../../shared/visitorKey.ts';
import { searchDecider } from './searches.ts';

/** `POST /api/searches {q}`: the results page records the search (anyone; once per visitor per term per 10 minutes). */
export function searchRoutes(deps: CommandDeps): Router {
  const router = Router();
  router.post('/api/searches', async (req, res) => {
    const { q } = parseInput(searchTermSchema, req.body ?? {}, '검색어를 확인해주세요.');
    const key = visitorKey(req, deps.secret);
    const termKey = createHash('sha256').update(q.toLowerCase()).digest('base64url').slice(0, 16);
    await claimIdempotencyKey(deps, req, { q });
    const result = await handleCommand(deps.store, streams.searchVisitor(key, termKey), searchDecider, { type: 'RecordSearch', term: q, visitorKey: key }, commandContext(req, deps));
    res.status(result.written ? 201 : 200).json(commandAnswer(termKey, result.position, { counted: result.written > 0 }) satisfies CountedAnswer);
  });
  return router;
}
