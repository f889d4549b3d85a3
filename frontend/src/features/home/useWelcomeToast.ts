import { useEffect } from 'react';
import { toaster } from '../../shared/ui/toaster';

/** Spec §2: a welcome toast 1 second after home loads, once per visit. */
export const WELCOME_DELAY_MS = 1000;
export const WELCOME_KEY = 'phonemarket:welcomed';
export const WELCOME_TITLE = '폰마켓에 오신 것을 환영합니다!';
export const WELCOME_TEXT = '실시간 가격 비교로 나에게 딱 맞는 휴대폰을 찾아보세요.';

function alreadyWelcomed(): boolean {
  try {
    return window.sessionStorage.getItem(WELCOME_KEY) === '1';
  } catch {
    return false;
  }
}

export function useWelcomeToast(): void {
  useEffect(() => {
    if (alreadyWelcomed()) return;
    const id = window.setTimeout(() => {
      if (alreadyWelcomed()) return;
      try {
        window.sessionStorage.setItem(WELCOME_KEY, '1');
      } catch {
        // storage unavailable: welcome anyway
      }
      toaster.create({ title: WELCOME_TITLE, description: WELCOME_TEXT, type: 'success' });
    }, WELCOME_DELAY_MS);
    return () => window.clearTimeout(id);
  }, []);
}
