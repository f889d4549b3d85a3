import type { PhoneThumbnail } from '@phonemarket/contracts';
import type { Doc } from '../../docstore/types.ts';
import { docProjection } from '../docProjection.ts';

/** Phone thumbnails (`GET /api/phone-thumbnails`); a removed one is kept with `removed: true`. */
export const PHONE_THUMBNAILS = 'phoneThumbnails';
export type PhoneThumbnailDoc = Doc & PhoneThumbnail & { removed: boolean; _pos: number };

export const phoneThumbnailsReadModel = docProjection<PhoneThumbnailDoc, 'PhoneThumbnailAdded' | 'PhoneThumbnailUpdated' | 'PhoneThumbnailRemoved'>({
  version: 2,
  collection: PHONE_THUMBNAILS,
  canHandle: ['PhoneThumbnailAdded', 'PhoneThumbnailUpdated', 'PhoneThumbnailRemoved'],
  id: (event) => event.data.thumbnailId,
  evolve(doc, event) {
    switch (event.type) {
      case 'PhoneThumbnailAdded':
      case 'PhoneThumbnailUpdated': {
        const { thumbnailId, ...fields } = event.data;
        return { id: thumbnailId, ...fields, createdAt: doc?.createdAt ?? event.metadata.at, updatedAt: event.metadata.at, removed: false };
      }
      case 'PhoneThumbnailRemoved':
        return doc === null ? null : { ...doc, removed: true, updatedAt: event.metadata.at };
    }
  },
});
