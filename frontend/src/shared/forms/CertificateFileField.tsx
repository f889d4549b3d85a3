import { Input, Text } from '@chakra-ui/react';
import type { FieldError } from 'react-hook-form';
import { describeError } from '../api/errors';
import { FormField } from './FormField';
import { CERTIFICATE_FILE_HINT, type CertificatePicture } from './useCertificatePicture';

/**
 * A certificate's file field (사전승낙서, 안심거래; issue 41): the picker with the PDF hint, the upload's error and
 * "uploaded" once the server has the picture. `testId` names the input (`-file`) and the note (`-uploaded`).
 */
export function CertificateFileField({ label, error, picture, disabled = false, testId }: {
  label: string; error: FieldError | undefined; picture: CertificatePicture; disabled?: boolean; testId: string;
}) {
  return (
    <>
      <FormField label={`${label} (JPG, PNG, WebP, PDF · 5MB 이하)`} required error={error} helper={CERTIFICATE_FILE_HINT}>
        <Input type="file" accept={picture.accept} disabled={disabled || picture.upload.isPending} onChange={(e) => picture.pick(e.currentTarget.files?.[0])} data-testid={`${testId}-file`} p="1" />
      </FormField>
      {picture.upload.isError ? <Text color="fg.error" fontSize="sm" role="alert">{describeError(picture.upload.error)}</Text> : null}
      {picture.uploaded ? <Text fontSize="sm" color="fg.muted" data-testid={`${testId}-uploaded`}>파일을 올렸습니다.</Text> : null}
    </>
  );
}
