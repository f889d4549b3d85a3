import { useEffect, useId, useRef, useState } from 'react';
import { Box, Button, chakra, Field, HStack, Stack, Text } from '@chakra-ui/react';
import { STORE_IMAGE_KIND_LABELS, STORE_IMAGE_MESSAGES, STORE_IMAGE_RULES, storeImageUrl, type StoreImageKind } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { useUploadStoreImage } from './api/sellerStore';

/** What a file picker offers; the server re-encodes whatever it accepts. */
const ACCEPT = STORE_IMAGE_RULES.accept.join(',');

/** The client's own check before sending (the server checks again): at most 5 MB, a picture. */
export function imageFileProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size > STORE_IMAGE_RULES.maxBytes) return STORE_IMAGE_MESSAGES.tooLarge;
  if (!(STORE_IMAGE_RULES.accept as readonly string[]).includes(file.type)) return STORE_IMAGE_MESSAGES.notImage;
  return null;
}

/**
 * A logo or banner of /my-store: the picture as it will show (a square logo, a 4:1 banner), a button
 * that picks a file and uploads it at once (the form's value becomes the uploaded picture's id, saved
 * with the form), and one that takes the picture off. A file over 5 MB or not a picture is refused
 * here with the server's own message; the server's answer (413, 400) shows the same way.
 */
export function StoreImageField({ kind, value, disabled, error, onChange }: {
  kind: StoreImageKind;
  /** The picture's id in the form (null: none). */
  value: string | null;
  disabled?: boolean;
  /** The form's error for the field (a save refused the picture). */
  error?: string;
  onChange: (imageId: string | null) => void;
}) {
  const upload = useUploadStoreImage();
  const inputRef = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  // The chosen file itself until the saved picture is read back (its address answers once the read side has it).
  const [local, setLocal] = useState<{ id: string; url: string } | null>(null);
  useEffect(() => () => { if (local) URL.revokeObjectURL(local.url); }, [local]);
  const label = STORE_IMAGE_KIND_LABELS[kind];
  const size = STORE_IMAGE_RULES.sizes[kind];
  const shown = value === null ? null : local?.id === value ? local.url : storeImageUrl(value);
  const message = problem ?? error;

  const pick = (file: File | undefined) => {
    if (!file) return;
    const refused = imageFileProblem(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    setProblem(null);
    upload.mutate({ file, kind }, {
      onSuccess: (answer) => {
        setLocal({ id: answer.id, url: URL.createObjectURL(file) });
        onChange(answer.id);
      },
      onError: (err) => setProblem(describeError(err)),
    });
  };

  return (
    <Field.Root invalid={Boolean(message)} data-testid={`store-${kind}-field`}>
      <Field.Label>{label}</Field.Label>
      <Stack gap="2" w="full">
        <Box
          w={kind === 'logo' ? '24' : 'full'} aspectRatio={`${size.width} / ${size.height}`} rounded={kind === 'logo' ? 'full' : 'lg'} overflow="hidden"
          borderWidth="1px" borderStyle={shown ? 'solid' : 'dashed'} bg="bg.muted" display="flex" alignItems="center" justifyContent="center"
        >
          {shown ? (
            <chakra.img src={shown} alt={`${label} 미리보기`} w="full" h="full" objectFit="cover" data-testid={`store-${kind}-preview`} />
          ) : <Text fontSize="xs" color="fg.muted" textAlign="center" px="2">{label} 없음</Text>}
        </Box>
        <HStack gap="2" wrap="wrap">
          <Button
            type="button" size="sm" variant="outline" onClick={() => inputRef.current?.click()} disabled={disabled} loading={upload.isPending} loadingText="올리는 중"
            aria-describedby={helpId} data-testid={`store-${kind}-pick`}
          >
            {value ? `${label} 변경` : `${label} 올리기`}
          </Button>
          {value ? (
            <Button type="button" size="sm" variant="ghost" colorPalette="red" disabled={disabled || upload.isPending} onClick={() => { setProblem(null); onChange(null); }}>
              {label} 삭제
            </Button>
          ) : null}
        </HStack>
        <chakra.input
          ref={inputRef} type="file" accept={ACCEPT} srOnly tabIndex={-1} aria-label={`${label} 이미지 파일`} data-testid={`store-${kind}-file`}
          onChange={(e) => { pick(e.currentTarget.files?.[0]); e.currentTarget.value = ''; }}
        />
      </Stack>
      <Field.HelperText id={helpId}>
        JPG·PNG·WebP·GIF, 5MB 이하. {size.width}×{size.height}px로 맞춰 저장됩니다{kind === 'banner' ? ' (가운데 기준으로 잘림)' : ''}.
      </Field.HelperText>
      <Field.ErrorText role="alert">{message}</Field.ErrorText>
    </Field.Root>
  );
}
