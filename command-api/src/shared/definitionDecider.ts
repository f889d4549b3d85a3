import type { DomainEvent } from '@phonemarket/events';
import { unhandled, type Decider } from './decider.ts';

/**
 * A catalogue entry defined by one event (category, brand, brand model, phone model, ad, plan,
 * seller profile): defining it again is a no-op, so the seed can run at every start. Its state is
 * whether the stream holds the definition (the rankings' view route checks a phone model exists).
 */
export type DefinitionCommand = { type: 'Define'; event: DomainEvent };
export const definitionDecider: Decider<boolean, DefinitionCommand> = {
  initialState: () => false,
  evolve: () => true,
  decide(command, defined): DomainEvent[] {
    switch (command.type) {
      case 'Define':
        return defined ? [] : [command.event];
      default:
        return unhandled(command.type);
    }
  },
};
