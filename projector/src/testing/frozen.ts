/** Whether a value is frozen all the way down, as the memory store keeps what it stores (tests of its upkeep). */
export const isDeepFrozen = (v: unknown): boolean => typeof v !== 'object' || v === null || (Object.isFrozen(v) && Object.values(v).every(isDeepFrozen));
