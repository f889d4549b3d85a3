import { randomUUID } from 'node:crypto';

/** Time and id sources are injected so domain logic stays pure and tests stay deterministic. */
export type Clock = () => Date;
export type IdGenerator = () => string;

export const systemClock: Clock = () => new Date();
export const randomIds: IdGenerator = () => randomUUID();
