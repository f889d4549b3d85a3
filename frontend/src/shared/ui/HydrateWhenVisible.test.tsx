import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, useState } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { appSystem } from '../theme/system';
import { HydrateWhenVisible } from './HydrateWhenVisible';

/** The browser's IntersectionObserver, driven by the test: `show()` brings every watched element on screen. */
class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.all.push(this);
  }
  observe(el: Element) { this.targets.add(el); }
  unobserve(el: Element) { this.targets.delete(el); }
  disconnect() { this.targets.clear(); }
  static show() {
    for (const o of FakeIntersectionObserver.all) {
      const entries = [...o.targets].map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry);
      if (entries.length > 0) o.callback(entries, o as unknown as IntersectionObserver);
    }
  }
}

let clicks = 0;
function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return <button type="button" onClick={() => { clicks += 1; setN(n + 1); }}>{label} {n}</button>;
}

function Page({ label }: { label: string }) {
  return (
    <ChakraProvider value={appSystem()}>
      <p>첫 화면</p>
      <HydrateWhenVisible data-testid="section"><Counter label={label} /></HydrateWhenVisible>
    </ChakraProvider>
  );
}

let container: HTMLDivElement;
let root: Root | undefined;
const recoverable = vi.fn();

beforeEach(() => {
  clicks = 0;
  recoverable.mockReset();
  FakeIntersectionObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  vi.unstubAllGlobals();
});

async function hydrate(label = '담기'): Promise<HTMLButtonElement> {
  container.innerHTML = renderToString(<Page label={label} />);
  const serverButton = container.querySelector('button');
  if (!serverButton) throw new Error('no server markup');
  await act(async () => {
    root = hydrateRoot(container, <Page label={label} />, { onRecoverableError: recoverable });
  });
  return serverButton;
}

/** React DOM marks every node it has hydrated or rendered. */
const hydrated = (el: Element) => Object.keys(el).some((key) => key.startsWith('__reactFiber$'));
const click = (el: Element) => act(() => { el.dispatchEvent(new MouseEvent('click', { bubbles: true })); });

describe('HydrateWhenVisible', () => {
  it('leaves a server-rendered section as the server\'s markup until it comes near the screen, then hydrates that markup', async () => {
    const serverButton = await hydrate();
    expect(hydrated(container.querySelector('p') ?? serverButton)).toBe(true);
    expect(hydrated(serverButton)).toBe(false);
    expect(serverButton.textContent).toBe('담기 0');

    await act(async () => FakeIntersectionObserver.show());
    expect(hydrated(serverButton)).toBe(true);
    expect(container.querySelector('button')).toBe(serverButton);
    await click(serverButton);
    expect(clicks).toBe(1);
    expect(serverButton.textContent).toBe('담기 1');
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('hydrates at once when input reaches the section before it is on screen, and the click that reached it works', async () => {
    const serverButton = await hydrate();
    await click(serverButton);
    expect(hydrated(serverButton)).toBe(true);
    expect(clicks).toBe(1);
    expect(serverButton.textContent).toBe('담기 1');
    expect(container.querySelector('button')).toBe(serverButton);
  });

  it('hydrates when focus reaches the section', async () => {
    const serverButton = await hydrate();
    await act(async () => {
      serverButton.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    });
    expect(hydrated(serverButton)).toBe(true);
    await click(serverButton);
    expect(clicks).toBe(1);
    expect(container.querySelector('button')).toBe(serverButton);
  });

  it('hydrates, keeping the server\'s markup, when the page above it re-renders first (no client render, no recoverable error)', async () => {
    const serverButton = await hydrate('담기');
    await act(async () => root?.render(<Page label="찜" />));
    expect(container.querySelector('button')).toBe(serverButton);
    expect(serverButton.textContent).toBe('찜 0');
    await click(serverButton);
    expect(clicks).toBe(1);
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('renders at once when the page is rendered in the browser (a client navigation)', async () => {
    await act(async () => {
      root = createRoot(container);
      root.render(<Page label="담기" />);
    });
    const button = container.querySelector('button');
    expect(button?.textContent).toBe('담기 0');
    if (button) await click(button);
    expect(clicks).toBe(1);
    expect(FakeIntersectionObserver.all.flatMap((o) => [...o.targets])).toEqual([]);
  });
});
