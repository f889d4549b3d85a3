import { useState } from 'react';
import { Box, chakra, HStack, IconButton, Skeleton, Stack, Text } from '@chakra-ui/react';
import { REVIEW_RULES } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { FilePickButton } from '../../shared/ui/FilePickButton';
import { useUploadReviewPhoto } from './api/reviews';

/**
 * A review's photos (issue 39): chosen from the phone or computer and uploaded at once through the shared
 * upload piece (`POST /api/orders/{id}/review-photos`, re-encoded by the server), at most five, thumbnails
 * with a remove button each. `error` is the form's (on submit or from the server).
 */
export function ReviewPhotoInput({ orderId, value, onChange, error }: { orderId: string; value: readonly string[]; onChange: (photos: string[]) => void; error?: string }) {
  const upload = useUploadReviewPhoto(orderId);
  const [problem, setProblem] = useState<string | null>(null);
  const max = REVIEW_RULES.maxPhotos;
  const onFiles = async (files: FileList | null) => {
    const chosen = Array.from(files ?? []);
    setProblem(null);
    let photos = [...value];
    for (const file of chosen) {
      if (photos.length >= max) {
        setProblem(`사진은 최대 ${max}장까지 올릴 수 있습니다.`);
        break;
      }
      try {
        const { url } = await upload.mutateAsync(file);
        photos = [...photos, url];
        onChange(photos);
      } catch (e) {
        setProblem(`${file.name}: ${describeError(e)}`);
      }
    }
  };
  const remove = (index: number) => {
    setProblem(null);
    onChange(value.filter((_, i) => i !== index));
  };
  const message = problem ?? error;
  return (
    <Stack gap="2" data-testid="review-photos">
      <Box>
        <FilePickButton
          accept="image/jpeg,image/png,image/webp" multiple label="리뷰 사진 올리기" testId="review-photo-file"
          loading={upload.isPending} disabled={value.length >= max} onFiles={(files) => void onFiles(files)}
        >
          사진 올리기
        </FilePickButton>
      </Box>
      <Text id="review-photos-help" fontSize="xs" color={message ? 'fg.error' : 'fg.muted'} role={message ? 'alert' : undefined}>
        {message ?? `사진(5메가바이트 이하)을 최대 ${max}장까지 올릴 수 있습니다 (${value.length}/${max}).`}
      </Text>
      {value.length || upload.isPending ? (
        <HStack as="ul" listStyleType="none" gap="2" wrap="wrap" aria-label="올린 리뷰 사진">
          {value.map((src, i) => (
            <Box as="li" key={`${i}-${src}`} position="relative">
              <chakra.img src={src} alt={`리뷰 사진 ${i + 1}`} w="16" h="16" objectFit="cover" rounded="md" borderWidth="1px" borderColor="border" bg="bg.muted" />
              <IconButton
                type="button" aria-label={`사진 ${i + 1} 삭제`} size="2xs" rounded="full" position="absolute" top="-1.5" right="-1.5"
                colorPalette="gray" variant="solid" onClick={() => remove(i)}
              >
                ×
              </IconButton>
            </Box>
          ))}
          {upload.isPending ? <Box as="li"><Skeleton w="16" h="16" rounded="md" data-testid="review-photo-uploading" /></Box> : null}
        </HStack>
      ) : null}
    </Stack>
  );
}
