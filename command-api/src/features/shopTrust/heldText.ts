import type { Request } from 'express';
import { HELD_TEXT_KIND_LABELS, heldTextMessage, scamWordsIn, type HeldTextKind } from '@phonemarket/contracts';
import { streams, type DomainEvent, type HeldTarget, type StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { roleOf } from '@phonemarket/platform/auth/session.ts';
import { handleCommand, loadAggregate, newRecordId } from '../../shared/commandHandler.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * A text held by the scam guard (stream `heldText-<heldId>`, issue 41 §5): an offer text, a quote message,
 * a store page or a chat line using 현금 페이백, 현금 지급, 대납 or 내구제 wording is not published; the write it
 * stands for waits here until an admin releases it (the release process sends it) or rejects it (never published).
 */
export interface HeldTextState {
  held: { kind: HeldTextKind; authorId: string; label: string; target: HeldTarget } | null;
  status: 'none' | 'held' | 'released' | 'rejected';
}
export type HeldTextCommand =
  | { type: 'HoldText'; heldId: string; kind: HeldTextKind; authorId: string; label: string; text: string; words: string[]; target: HeldTarget }
  | { type: 'ReleaseHeldText'; heldId: string }
  | { type: 'RejectHeldText'; heldId: string; reason: string };

export const HELD_TEXT_NOT_FOUND = '검토할 글을 찾을 수 없습니다.';
export const HELD_TEXT_DECIDED = '이미 검토가 끝난 글입니다.';

function decide(command: HeldTextCommand, state: HeldTextState): DomainEvent[] {
  switch (command.type) {
    case 'HoldText': {
      // A retried request (same key: same id) holds nothing new.
      if (state.held) return [];
      const { type: _t, ...data } = command;
      return [{ type: 'TextHeld', data }];
    }
    case 'ReleaseHeldText':
    case 'RejectHeldText': {
      if (!state.held) throw new DomainError('not_found', HELD_TEXT_NOT_FOUND);
      if (state.status !== 'held') throw new DomainError('conflict', HELD_TEXT_DECIDED);
      const { kind, authorId, label, target } = state.held;
      return command.type === 'ReleaseHeldText'
        ? [{ type: 'HeldTextReleased', data: { heldId: command.heldId, kind, authorId, label, target } }]
        : [{ type: 'HeldTextRejected', data: { heldId: command.heldId, kind, authorId, label, reason: command.reason } }];
    }
    default:
      return unhandled(command);
  }
}

function evolve(state: HeldTextState, event: StoredEvent): HeldTextState {
  switch (event.type) {
    case 'TextHeld': {
      const { kind, authorId, label, target } = event.data;
      return { held: { kind, authorId, label, target }, status: 'held' };
    }
    case 'HeldTextReleased': return { ...state, status: 'released' };
    case 'HeldTextRejected': return { ...state, status: 'rejected' };
    default: return state;
  }
}

export const heldTextDecider: Decider<HeldTextState, HeldTextCommand> = { initialState: () => ({ held: null, status: 'none' }), evolve, decide };

/** What a route about to publish `texts` passes: the kind, a label for the queue, the write it would send and its decider, and its body (the Idempotency-Key fingerprint). */
export interface GuardedWrite<S, C extends { type: string }> {
  kind: HeldTextKind;
  label: string;
  texts: readonly string[];
  stream: string;
  decider: Decider<S, C>;
  command: C;
  input: unknown;
}

/**
 * The scam guard at a route (issue 41): a text with scam wording is held instead of published — the
 * route's write becomes `TextHeld` with the command it would have sent — and the writer is answered 202
 * with the reason in Korean. The write is decided first on its stream as it is now (a dry run: a chat not
 * theirs, a closed request refuse as they would), so nobody holds what they could not write. Null: no scam
 * wording, the route publishes as before.
 */
export async function holdScamText<S, C extends { type: string }>(deps: CommandDeps, req: Request, write: GuardedWrite<S, C>): Promise<Record<string, unknown> | null> {
  const words = scamWordsIn(write.texts);
  if (words.length === 0) return null;
  const { state } = await loadAggregate(deps.store, write.stream, write.decider);
  write.decider.decide(write.command, state, { now: deps.clock(), newId: () => 'held', actor: { userId: req.auth?.user.id ?? null, role: roleOf(req) } }); // throws the refusal; nothing kept
  await claimIdempotencyKey(deps, req, write.input);
  const ctx = commandContext(req, deps);
  const heldId = newRecordId(ctx, 'heldText');
  const authorId = req.auth?.user.id ?? 'visitor';
  const text = write.texts.filter((t) => t.trim()).join('\n');
  const result = await handleCommand(deps.store, streams.heldText(heldId), heldTextDecider, {
    type: 'HoldText', heldId, kind: write.kind, authorId, label: `${HELD_TEXT_KIND_LABELS[write.kind]} · ${write.label}`, text, words,
    target: { stream: write.stream, command: write.command },
  }, ctx);
  return commandAnswer(heldId, result.position, { held: true, message: heldTextMessage(words) });
}
