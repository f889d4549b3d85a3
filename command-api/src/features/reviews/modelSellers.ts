import type { EventStore } from '@phonemarket/events';
import { parseEvent } from '@phonemarket/events';

/**
 * Which sellers have an offer of each phone model (they answer its questions), folded from
 * `OfferListed` events. The command side has only the event store: this catches up from the last
 * position it read on every call, so it costs one small read after the first.
 */
export function modelSellers(store: EventStore): (modelId: string) => Promise<ReadonlySet<string>> {
  const sellers = new Map<string, Set<string>>();
  let position = 0n;
  let catchingUp: Promise<void> | null = null;
  const catchUp = async () => {
    for (;;) {
      // Only the listings: at 3 M events (mostly product views) the first answer after a start reads 20 k, not 3 M.
      const batch = await store.readAll({ fromPosition: position, limit: 5_000, types: ['OfferListed'] });
      for (const raw of batch) {
        position = raw.position;
        const event = parseEvent(raw);
        if (event?.type !== 'OfferListed') continue;
        const set = sellers.get(event.data.modelId) ?? new Set<string>();
        set.add(event.data.sellerId);
        sellers.set(event.data.modelId, set);
      }
      if (batch.length < 5_000) return;
    }
  };
  return async (modelId) => {
    catchingUp ??= catchUp().finally(() => { catchingUp = null; });
    await catchingUp;
    return sellers.get(modelId) ?? new Set();
  };
}
