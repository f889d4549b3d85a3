/**
 * The Kakao (Daum) 우편번호 서비스 Korean shops use (issue 39), loaded only when 우편번호 찾기 is pressed.
 * Without it (no internet, a blocked script, a slow network) the form takes the address typed by hand.
 */
export const POSTCODE_SCRIPT_URL = 'https://t1.kakaocdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js';
/** How long the script may take before the form says to type the address. */
export const POSTCODE_LOAD_TIMEOUT_MS = 6_000;

/** What the widget answers when an address is picked (the fields used here). */
export interface PostcodeResult { zonecode: string; roadAddress: string; jibunAddress: string; buildingName?: string }
interface PostcodeWidget { embed: (element: HTMLElement) => void }
type PostcodeConstructor = new (options: { oncomplete: (result: PostcodeResult) => void; width?: string; height?: string }) => PostcodeWidget;
type WithPostcode = { daum?: { Postcode?: PostcodeConstructor }; kakao?: { Postcode?: PostcodeConstructor } };

const present = (): PostcodeConstructor | undefined => {
  const w = window as unknown as WithPostcode;
  return w.daum?.Postcode ?? w.kakao?.Postcode;
};

let loading: Promise<PostcodeConstructor> | null = null;

/** The widget's constructor, the script appended once; rejects when it cannot load in time (a retry tries again). */
export function loadPostcodeWidget(timeoutMs = POSTCODE_LOAD_TIMEOUT_MS): Promise<PostcodeConstructor> {
  const ready = present();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<PostcodeConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = POSTCODE_SCRIPT_URL;
    script.async = true;
    const fail = () => { clearTimeout(timer); script.remove(); loading = null; reject(new Error('postcode widget unavailable')); };
    const timer = setTimeout(fail, timeoutMs);
    script.onload = () => {
      clearTimeout(timer);
      const loaded = present();
      if (loaded) resolve(loaded); else fail();
    };
    script.onerror = fail;
    document.head.appendChild(script);
  });
  return loading;
}
