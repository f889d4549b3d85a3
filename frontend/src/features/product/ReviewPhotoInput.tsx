import { useState } from 'react';
import { Box, Button, chakra, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { REVIEW_RULES, reviewInputSchema } from '@phonemarket/contracts';

/** The contract's rule for the photo list (each an http(s) or site address, at most five). */
const photosSchema = reviewInputSchema.shape.photos;

/**
 * Photos of a review as addresses: a URL field and '사진 추가' check the list with the contract's own
 * rule before adding (its Korean message: a wrong address, more than five), thumbnails with a remove
 * button each. `error` is the form's (on submit or from the server).
 */
export function ReviewPhotoInput({ value, onChange, error }: { value: readonly string[]; onChange: (photos: string[]) => void; error?: string }) {
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    if (!url.trim()) return setProblem('사진 주소를 입력해주세요.');
    const checked = photosSchema.safeParse([...value, url]);
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? '사진 주소를 확인해주세요.');
    setProblem(null);
    setUrl('');
    onChange(checked.data ?? []);
  };
  const remove = (index: number) => {
    setProblem(null);
    onChange(value.filter((_, i) => i !== index));
  };
  const message = problem ?? error;
  return (
    <Stack gap="2" data-testid="review-photos">
      <HStack gap="2">
        <Input
          type="url" inputMode="url" size="sm" flex="1" minW="0" aria-label="사진 주소" placeholder="https://…" value={url}
          aria-invalid={message ? true : undefined} aria-describedby="review-photo-help"
          onChange={(e) => { setUrl(e.currentTarget.value); setProblem(null); }}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); add(); } }}
        />
        <Button type="button" size="sm" variant="outline" onClick={add}>사진 추가</Button>
      </HStack>
      <Text id="review-photo-help" fontSize="xs" color={message ? 'fg.error' : 'fg.muted'} role={message ? 'alert' : undefined}>
        {message ?? `사진 주소를 최대 ${REVIEW_RULES.maxPhotos}장까지 추가할 수 있습니다 (${value.length}/${REVIEW_RULES.maxPhotos}).`}
      </Text>
      {value.length ? (
        <HStack as="ul" listStyleType="none" gap="2" wrap="wrap" aria-label="추가한 사진">
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
        </HStack>
      ) : null}
    </Stack>
  );
}
