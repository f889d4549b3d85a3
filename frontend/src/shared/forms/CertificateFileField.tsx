import { useId, useState } from 'react';
import { HStack, Text } from '@chakra-ui/react';
import type { FieldError } from 'react-hook-form';
import { describeError } from '../api/errors';
import { FilePickButton } from '../ui/FilePickButton';
import { FormField } from './FormField';
import { CERTIFICATE_FILE_HINT, type CertificatePicture } from './useCertificatePicture';

/**
 * A certificate's file field (사전승낙서, 안심거래; issue 41): a Korean '파일 선택' button over the hidden native
 * input (whose own 'Choose File / No file chosen' follows the browser's language, not the page's), the chosen
 * file's name, the PDF hint, the upload's error and "uploaded" once the server has the picture. `testId` names
 * the input (`-file`), the button (`-pick`), the name (`-name`) and the note (`-uploaded`).
 */
export function CertificateFileField({ label, error, picture, disabled = false, testId }: {
  label: string; error: FieldError | undefined; picture: CertificatePicture; disabled?: boolean; testId: string;
}) {
  const [fileName, setFileName] = useState<string | null>(null);
  const nameId = useId();
  return (
    <>
      <FormField label={`${label} (JPG, PNG, WebP, PDF · 5MB 이하)`} required error={error} helper={CERTIFICATE_FILE_HINT}>
        <HStack gap="3" flexWrap="wrap">
          <FilePickButton
            accept={picture.accept} label={label} testId={`${testId}-file`} data-testid={`${testId}-pick`}
            aria-label={`${label} 선택`} aria-describedby={nameId}
            disabled={disabled} loading={picture.upload.isPending} loadingText="올리는 중"
            onFiles={(files) => {
              const file = files?.[0];
              setFileName(file?.name ?? null);
              picture.pick(file);
            }}
          >
            파일 선택
          </FilePickButton>
          <Text id={nameId} fontSize="sm" color={fileName ? 'fg' : 'fg.muted'} wordBreak="break-all" data-testid={`${testId}-name`}>
            {fileName ?? '선택된 파일 없음'}
          </Text>
        </HStack>
      </FormField>
      {picture.upload.isError ? <Text color="fg.error" fontSize="sm" role="alert">{describeError(picture.upload.error)}</Text> : null}
      {picture.uploaded ? <Text fontSize="sm" color="fg.muted" data-testid={`${testId}-uploaded`}>파일을 올렸습니다.</Text> : null}
    </>
  );
}
