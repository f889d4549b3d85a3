import { REVIEW_RULES, reviewInputSchema } from '@phonemarket/contracts';
import { PhotoUrlInput } from '../../shared/ui/PhotoUrlInput';

/** Photos of a review as addresses, checked with the review contract's rule (at most five). `error` is the form's. */
export function ReviewPhotoInput({ value, onChange, error }: { value: readonly string[]; onChange: (photos: string[]) => void; error?: string }) {
  return <PhotoUrlInput value={value} onChange={onChange} error={error} schema={reviewInputSchema.shape.photos} max={REVIEW_RULES.maxPhotos} noun="리뷰 사진" testId="review-photos" />;
}
