import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * A part the browser styles, lays out and paints only when it comes near the screen
 * (`content-visibility: auto`, ADR 009): the first frame of a page is one task that styles and lays
 * out every element the server sent, so what is far below the first screen lengthens it for nothing.
 * `estimate` is its height before its first layout (a phone's); after that the browser keeps its last
 * size. Its paint is contained: nothing of it may draw outside its box.
 */
export function offscreenCss(estimate: string): SystemStyleObject {
  return { contentVisibility: 'auto', containIntrinsicSize: `auto ${estimate}` };
}
