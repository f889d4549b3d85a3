import type { DomainEvent } from '@phonemarket/events';
import type { Decider } from '../../shared/decider.ts';

/** An uploaded picture as recorded: the WebP, its size, and whose it is. */
export interface CertificatePicture { documentId: string; sellerId: string; width: number; height: number; data: string }
/** One uploaded picture (stream `<kind>-<documentId>`): recorded once, its uploader's. */
export interface CertificateDocumentState { sellerId: string | null }
type UploadedEventType = 'PreApprovalDocumentUploaded' | 'SafeTradeDocumentUploaded';

/** The decider of one certificate's pictures: `Record…` appends `uploaded` once; a retry appends nothing. */
export function certificateDocumentDecider<T extends string>(uploaded: UploadedEventType): Decider<CertificateDocumentState, CertificatePicture & { type: T }> {
  return {
    initialState: () => ({ sellerId: null }),
    evolve: (state, event) => (event.type === uploaded ? { sellerId: event.data.sellerId } : state),
    decide(command, state) {
      if (state.sellerId !== null) return [];
      const { type: _t, ...data } = command;
      // Both certificates' picture events carry the same data; the union of their types cannot be narrowed here.
      return [{ type: uploaded, data: { ...data, contentType: 'image/webp' } } as DomainEvent];
    },
  };
}
