import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useCompareSelection } from './compareSelection';

afterEach(() => window.localStorage.clear());

describe('비교함 selection', () => {
  it('an empty tray hydrates without a second render: its value is the server snapshot itself (ADR 009, issue 37 part 5)', async () => {
    let renders = 0;
    function Tray() {
      renders += 1;
      return <span>{useCompareSelection().length}</span>;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Tray />);
    renders = 0;
    const root = await act(async () => hydrateRoot(container, <Tray />));
    // a snapshot other than the server's makes React re-render the tray synchronously after hydrating
    expect(renders).toBe(1);
    expect(container.textContent).toBe('0');
    act(() => root.unmount());
  });
});
