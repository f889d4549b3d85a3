import { useState } from 'react';
import { Box, Button, chakra, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';

/** A zod schema of the photo list (classic or mini): its Korean message names what is wrong. */
interface PhotoListSchema {
  safeParse(data: unknown): { success: true; data: string[] | undefined } | { success: false; error: { issues: readonly { message: string }[] } };
}

export interface PhotoUrlInputProps {
  value: readonly string[];
  onChange: (photos: string[]) => void;
  /** The form's error (on submit or from the server). */
  error?: string;
  /** The contract's rule for the whole list (each an http(s) or site address, at most `max`). */
  schema: PhotoListSchema;
  max: number;
  /** What the photos are of: '리뷰 사진', '교환/반품 사진' (the thumbnails' alt text and the list's name). */
  noun: string;
  testId: string;
}

/**
 * Photos as addresses (a review's, a 교환/반품 request's): a URL field and '사진 추가' check the list with
 * the contract's own rule before adding (its Korean message: a wrong address, too many), thumbnails
 * with a remove button each.
 */
export function PhotoUrlInput({ value, onChange, error, schema: photosSchema, max, noun, testId }: PhotoUrlInputProps) {
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
    <Stack gap="2" data-testid={testId}>
      <HStack gap="2">
        <Input
          type="url" inputMode="url" size="sm" flex="1" minW="0" aria-label="사진 주소" placeholder="https://…" value={url}
          aria-invalid={message ? true : undefined} aria-describedby={`${testId}-help`}
          onChange={(e) => { setUrl(e.currentTarget.value); setProblem(null); }}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); add(); } }}
        />
        <Button type="button" size="sm" variant="outline" onClick={add}>사진 추가</Button>
      </HStack>
      <Text id={`${testId}-help`} fontSize="xs" color={message ? 'fg.error' : 'fg.muted'} role={message ? 'alert' : undefined}>
        {message ?? `사진 주소를 최대 ${max}장까지 추가할 수 있습니다 (${value.length}/${max}).`}
      </Text>
      {value.length ? (
        <HStack as="ul" listStyleType="none" gap="2" wrap="wrap" aria-label={`추가한 ${noun}`}>
          {value.map((src, i) => (
            <Box as="li" key={`${i}-${src}`} position="relative">
              <chakra.img src={src} alt={`${noun} ${i + 1}`} w="16" h="16" objectFit="cover" rounded="md" borderWidth="1px" borderColor="border" bg="bg.muted" />
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
