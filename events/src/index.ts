export const hello = (n: number): string => `hi ${n}`;
