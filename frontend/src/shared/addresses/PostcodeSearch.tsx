import { useCallback, useRef, useState } from 'react';
import { Box, Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { loadPostcodeWidget, type PostcodeResult } from './postcodeWidget';

/** Shown under the postcode when the widget cannot load (the form then takes a typed address). */
export const POSTCODE_UNAVAILABLE_MESSAGE = '우편번호 찾기를 불러오지 못했습니다. 우편번호와 주소를 직접 입력해주세요.';

/**
 * 우편번호 찾기 (issue 39): opens the Kakao postcode search in a dialog, loaded on the first press. When it
 * cannot load, it says so and hands the focus to the postcode field: the fields always take a typed address.
 */
export function PostcodeSearch({ onFound, onUnavailable }: {
  onFound: (found: { postcode: string; address: string }) => void;
  onUnavailable: () => void;
}) {
  const [state, setState] = useState<'idle' | 'loading' | 'open'>('idle');
  const widget = useRef<Awaited<ReturnType<typeof loadPostcodeWidget>> | null>(null);

  const open = async () => {
    setState('loading');
    try {
      widget.current = await loadPostcodeWidget();
      setState('open');
    } catch {
      setState('idle');
      onUnavailable();
    }
  };
  // The search is embedded in the dialog's body once that is mounted.
  const embedInto = useCallback((element: HTMLDivElement | null) => {
    if (!element || !widget.current) return;
    new widget.current({
      width: '100%', height: '100%',
      oncomplete: (r: PostcodeResult) => {
        const building = r.buildingName ? ` (${r.buildingName})` : '';
        onFound({ postcode: r.zonecode, address: `${r.roadAddress || r.jibunAddress}${building}` });
        setState('idle');
      },
    }).embed(element);
  }, [onFound]);

  return (
    <>
      <Button type="button" variant="outline" flexShrink={0} onClick={() => void open()} loading={state === 'loading'} loadingText="불러오는 중" data-testid="postcode-search">
        우편번호 찾기
      </Button>
      <Dialog.Root open={state === 'open'} onOpenChange={(e) => { if (!e.open) setState('idle'); }} size={{ base: 'full', md: 'md' }}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header><Dialog.Title>우편번호 찾기</Dialog.Title></Dialog.Header>
              <Dialog.Body><Box ref={embedInto} h={{ base: '70vh', md: '460px' }} data-testid="postcode-frame" /></Dialog.Body>
              <Dialog.CloseTrigger asChild><CloseButton size="sm" aria-label="닫기" /></Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
