import { Router, type Request } from 'express';
import {
  ADMIN_CARRIER_TERMS_PATH, CARRIER_TERMS_MESSAGES, planRequestSchema, releasePriceRequestSchema, scheduledSubsidyCancelSchema, subsidyImportSchema, subsidyRequestSchema, type SubsidyAnswer, type SubsidyImportAnswer,
} from '@phonemarket/contracts/carrierTerms.ts';
import { streams } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { badRequest, parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { beforeBody, jsonBody } from '../../shared/bodyGate.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { planDecider, releasePriceDecider, subsidyTableDecider } from './carrierTerms.ts';
import { parseSubsidyCsv, type RowError } from './csv.ts';
import { modelReleasePrice, setSubsidy, subsidyProblems } from './termsOps.ts';

/**
 * Carrier terms (issue 27), admins only: one plan's 공시지원금 in one table, one variant's 출고가, and a
 * CSV of 공시지원금 rows (every row checked first; one bad row and nothing is applied, each bad row
 * with its Korean messages). A 공시지원금 whose `validFrom` is a later Korean day waits for it (a
 * process timer on the runner sets it then) and can be cancelled before. Each change is an event with the figure before it; the offers read
 * model re-prices every offer on those terms and the command side prices checkouts with them.
 */
/**
 * The import's body: `CSV_MAX_ROWS` rows at their longest (~0.8 MB) and the contract's 1,000,000 characters
 * even when Korean (3 bytes each) fit; more is 413 in Korean (issue 35: the common 100 KB stopped at ~1,850 rows).
 */
const csvBody = jsonBody('3mb', CARRIER_TERMS_MESSAGES.csvTooLarge);

export function carrierTermsRoutes(deps: CommandDeps): Router {
  const router = Router();
  const admin = requireRole('admin');

  router.put(`${ADMIN_CARRIER_TERMS_PATH}/subsidies`, admin, async (req, res) => {
    const input = parseInput(subsidyRequestSchema, req.body, CARRIER_TERMS_MESSAGES.invalid);
    const problems = await subsidyProblems(deps.store, input);
    if (problems.length) throw badRequest(problems[0]!, { [problems[0] === CARRIER_TERMS_MESSAGES.unknownPlan ? 'planId' : problems[0] === CARRIER_TERMS_MESSAGES.validity ? 'validUntil' : 'modelId']: problems[0]! });
    await claimIdempotencyKey(deps, req, input);
    const result = await setSubsidy(deps.store, input, { kind: 'admin', ref: null }, commandContext(req, deps));
    const scheduled = result.events.some((e) => e.type === 'SubsidyScheduled');
    res.json(commandAnswer(`${input.modelId}|${input.storage}|${input.carrier}|${input.joinType}|${input.planId}`, result.position, { changed: result.written > 0, scheduled }) satisfies SubsidyAnswer);
  });

  router.post(`${ADMIN_CARRIER_TERMS_PATH}/subsidies/scheduled/cancel`, admin, async (req, res) => {
    const input = parseInput(scheduledSubsidyCancelSchema, req.body, CARRIER_TERMS_MESSAGES.invalid);
    await claimIdempotencyKey(deps, req, input);
    const table = { modelId: input.modelId, storage: input.storage, carrier: input.carrier, joinType: input.joinType };
    const result = await handleCommand(deps.store, streams.subsidyTable(table), subsidyTableDecider, {
      type: 'CancelScheduledSubsidy', table, planId: input.planId, validFrom: input.validFrom,
    }, commandContext(req, deps));
    res.json(commandAnswer(`${input.modelId}|${input.storage}|${input.carrier}|${input.joinType}|${input.planId}@${input.validFrom}`, result.position));
  });

  router.put(`${ADMIN_CARRIER_TERMS_PATH}/release-prices`, admin, async (req, res) => {
    const input = parseInput(releasePriceRequestSchema, req.body, CARRIER_TERMS_MESSAGES.invalid);
    const modelPrice = await modelReleasePrice(deps.store, input.modelId, input.storage);
    if (modelPrice === null) throw badRequest(CARRIER_TERMS_MESSAGES.unknownModel, { modelId: CARRIER_TERMS_MESSAGES.unknownModel });
    await claimIdempotencyKey(deps, req, input);
    const result = await handleCommand(deps.store, streams.releasePrice(input), releasePriceDecider, {
      type: 'SetReleasePrice', modelId: input.modelId, storage: input.storage, releasePrice: input.releasePrice, modelReleasePrice: modelPrice, source: { kind: 'admin', ref: null },
    }, commandContext(req, deps));
    res.json(commandAnswer(`${input.modelId}|${input.storage}`, result.position, { changed: result.written > 0 }));
  });

  router.put(`${ADMIN_CARRIER_TERMS_PATH}/plans/:planId`, admin, async (req, res) => {
    const input = parseInput(planRequestSchema, req.body, CARRIER_TERMS_MESSAGES.invalid);
    await claimIdempotencyKey(deps, req, input);
    const planId = req.params.planId as string;
    const result = await handleCommand(deps.store, streams.plan(planId), planDecider, { type: 'ChangePlan', changes: input }, commandContext(req, deps));
    res.json(commandAnswer(planId, result.position, { changed: result.written > 0 }));
  });

  // The CSV's body (2,000 rows at their longest, ~0.8 MB) is read once the admin is known (issue 35).
  router.post(`${ADMIN_CARRIER_TERMS_PATH}/import`, beforeBody(admin), csvBody, async (req: Request, res) => {
    const { csv } = parseInput(subsidyImportSchema, req.body, CARRIER_TERMS_MESSAGES.invalid);
    const parsed = parseSubsidyCsv(csv);
    if (parsed.fatal) throw badRequest(parsed.fatal, { csv: parsed.fatal });
    const errors: RowError[] = [...parsed.errors];
    for (const row of parsed.rows) {
      const problems = await subsidyProblems(deps.store, row.input);
      if (problems.length) errors.push({ row: row.row, errors: problems });
    }
    if (errors.length) {
      errors.sort((a, b) => a.row - b.row);
      throw badRequest(CARRIER_TERMS_MESSAGES.csvRows, Object.fromEntries(errors.map((e) => [`${e.row}행`, e.errors.join(' ')])));
    }
    await claimIdempotencyKey(deps, req, { csv });
    const ctx = commandContext(req, deps);
    let changed = 0;
    let scheduled = 0;
    let position = 0n;
    for (const row of parsed.rows) {
      const result = await setSubsidy(deps.store, row.input, { kind: 'csv', ref: null }, ctx);
      changed += result.written;
      scheduled += result.events.filter((e) => e.type === 'SubsidyScheduled').length;
      if (result.position > position) position = result.position;
    }
    res.json({ imported: parsed.rows.length, changed, scheduled, position: position.toString() } satisfies SubsidyImportAnswer);
  });

  return router;
}
