import { useEffect } from 'react';

export const APP_NAME = '폰마켓';

/** Sets `<title>` to '{title} | 폰마켓' while mounted. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} | ${APP_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
