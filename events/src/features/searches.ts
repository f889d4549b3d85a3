import { z } from 'zod';
import { defineEvent, streamName } from '../defineEvent.ts';

/**
 * Searches shoppers made (issue 10: the popular searches are the most searched terms of the last 7
 * days). `SearchPerformed` lives in `searchVisitor-<visitorKey>.<termKey>`, so one visitor repeating
 * a term counts once per 10 minutes.
 */
export const searchPerformedSchema = z.object({
  /** The term as searched, trimmed with single spaces (2–50 characters). */
  term: z.string().min(2).max(50),
  /** Hash of the visitor (account or network address); never the raw value. */
  visitorKey: z.string().min(8),
});

export const searchStreams = {
  searchVisitor: (visitorKey: string, termKey: string) => streamName('searchVisitor', `${visitorKey}.${termKey}`),
} as const;

export const searchEvents = {
  SearchPerformed: defineEvent({ stream: 'searchVisitor', schema: searchPerformedSchema }),
} as const;
