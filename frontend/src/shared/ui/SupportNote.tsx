import { startTransition, useEffect, useState } from 'react';
import { Alert, Button } from '@chakra-ui/react';
import { safeStorage } from '../storage';

/** Where the note remembers it was read (one browser: explained once). */
export const SUPPORT_NOTE_KEY = 'phonemarket.supportNoteSeen';

/**
 * The buyer is told once, briefly, where support comes from (issue 41 scam guard): only the carrier's
 * 공시지원금 or 선택약정, and the shop's 추가지원금 written in the 계약 조건서 — a promise of cash 페이백
 * or 대납 is a scam to report. Shown after mount (the server cannot know the browser read it) until
 * 확인했어요.
 */
export function SupportNote() {
  // The server (and hydration) render nothing; the browser then reads whether it was read before. In a
  // transition: the note (an Alert, whose recipe's CSS is computed on its first render) renders in React's
  // interruptible slices. useSyncExternalStore's server value made React re-render it synchronously right
  // after hydration, one of the product page's long tasks (ADR 009, issue 37 part 5).
  const [readBefore, setReadBefore] = useState(true);
  useEffect(() => startTransition(() => setReadBefore(safeStorage.get(SUPPORT_NOTE_KEY) !== null)), []);
  const [dismissed, setDismissed] = useState(false);
  if (readBefore || dismissed) return null;
  const seen = () => { safeStorage.set(SUPPORT_NOTE_KEY, '1'); setDismissed(true); };
  return (
    <Alert.Root status="info" size="sm" data-testid="support-note">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>지원금은 두 가지뿐입니다</Alert.Title>
        <Alert.Description>
          통신사의 공시지원금(또는 선택약정 25% 할인)과 계약 조건서에 적힌 매장의 추가지원금만 받을 수 있어요.
          현금 페이백·대납을 약속하거나 개통을 대신 해주겠다는 제안(내구제)은 사기이니 신고해주세요.
        </Alert.Description>
      </Alert.Content>
      <Button size="xs" variant="outline" alignSelf="center" onClick={seen} data-testid="support-note-seen">확인했어요</Button>
    </Alert.Root>
  );
}
