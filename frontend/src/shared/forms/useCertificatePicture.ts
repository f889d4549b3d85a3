import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { CERTIFICATE_PDF_MAX_PAGES } from '@phonemarket/contracts';
import { apiFetch } from '../api/client';

const uploaded = z.object({ id: z.string(), position: z.string(), url: z.string() });
/** What a certificate upload takes: a photo or scan, or a PDF (the server keeps its first page as a picture). */
const CERTIFICATE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];
/** The file input's hint, under its label. */
export const CERTIFICATE_FILE_HINT = `PDF는 ${CERTIFICATE_PDF_MAX_PAGES}쪽까지 올릴 수 있고, 첫 쪽이 이미지로 저장됩니다.`;

/**
 * A certificate's picture (사전승낙서, 안심거래; issue 41), uploaded as soon as it is picked to `path`: a file of
 * another type is refused before anything is sent (`onRefused`), an upload gives its id (`onUploaded`).
 */
export function useCertificatePicture(path: string, { onUploaded, onRefused }: { onUploaded: (documentId: string) => void; onRefused: () => void }) {
  const [done, setDone] = useState(false);
  const upload = useMutation({
    mutationFn: (file: File) => apiFetch(path, { method: 'POST', body: file, schema: uploaded }),
    onSuccess: (answer) => {
      setDone(true);
      onUploaded(answer.id);
    },
  });
  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!CERTIFICATE_TYPES.includes(file.type)) {
      onRefused();
      return;
    }
    upload.mutate(file);
  };
  return { pick, upload, uploaded: done, reset: () => setDone(false), accept: CERTIFICATE_TYPES.join(',') };
}
export type CertificatePicture = ReturnType<typeof useCertificatePicture>;
