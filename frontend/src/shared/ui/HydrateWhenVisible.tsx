import { Suspense, use, useCallback, useId, useState, type ReactNode } from 'react';
import { Box, type BoxProps } from '@chakra-ui/react';

/** How far from the screen a section starts hydrating: about a phone screen's scroll away. */
const HYDRATE_MARGIN = '600px';

/** What opens a section's gate besides coming near the screen: any input that reaches it. */
const INPUT_EVENTS = ['pointerdown', 'focusin', 'keydown', 'mouseover', 'touchstart'] as const;

interface HydrationGate {
  readonly promise: Promise<void>;
  open(): void;
  /** Set on the first attempt to hydrate; every later attempt goes through (see SectionContent). */
  attempted: boolean;
}

function createGate(): HydrationGate {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return {
    promise,
    attempted: false,
    open() {
      // React's `use` reads a thenable's status: an opened gate lets a synchronous hydration (a
      // click that reaches the section) through at once instead of waiting a microtask.
      Object.assign(promise, { status: 'fulfilled', value: undefined });
      resolve();
    },
  };
}

/**
 * Suspends the first attempt to hydrate the section, so React leaves the server's markup as it is
 * until the gate opens; any later attempt renders: the one the open gate pings, and also one React
 * makes because the section's parent or a context above it changed (React then has to hydrate it,
 * and a section that suspended again would be thrown away and rendered on the client instead).
 */
function SectionContent({ gate, children }: { gate: HydrationGate | null; children: ReactNode }) {
  if (gate !== null) {
    if (gate.attempted) gate.open();
    gate.attempted = true;
    use(gate.promise);
  }
  return children;
}

/**
 * A part of a server-rendered page that hydrates only when it comes near the screen, or when input
 * reaches it (ADR 009). Until then it is the server's markup: its links work, and nothing of it
 * runs. Hydrating a long page at once made one task of rendering, committing and effects
 * (Lighthouse's Total Blocking Time); this way the first screen hydrates first, and each
 * section below it later, on its own.
 *
 * A render on the client (navigating to the page) is not gated: the section renders at once.
 */
export function HydrateWhenVisible({ children, ...box }: BoxProps & { children: ReactNode }) {
  const id = useId();
  // The server's markup is in the document only while this very section hydrates.
  const [gate] = useState(() => (typeof document !== 'undefined' && document.getElementById(id) !== null ? createGate() : null));
  const watch = useCallback((section: HTMLDivElement | null) => {
    if (section === null || gate === null) return undefined;
    const open = () => {
      stop();
      gate.open();
    };
    const observer = typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) open();
      }, { rootMargin: `${HYDRATE_MARGIN} 0px` })
      : null;
    const stop = () => {
      observer?.disconnect();
      for (const type of INPUT_EVENTS) section.removeEventListener(type, open, true);
    };
    for (const type of INPUT_EVENTS) section.addEventListener(type, open, { capture: true, passive: true });
    if (observer === null) open();
    else observer.observe(section);
    return stop;
  }, [gate]);
  return (
    <Box id={id} ref={watch} {...box}>
      <Suspense fallback={null}>
        <SectionContent gate={gate}>{children}</SectionContent>
      </Suspense>
    </Box>
  );
}
