import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch } from '../api/client';

const uploaded = z.object({ id: z.string(), position: z.string(), url: z.string() });
/** The pictures a certificate upload takes (the server re-encodes them; it reads no PDF). */
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

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
    if (!PHOTO_TYPES.includes(file.type)) {
      onRefused();
      return;
    }
    upload.mutate(file);
  };
  return { pick, upload, uploaded: done, reset: () => setDone(false), accept: PHOTO_TYPES.join(',') };
}
