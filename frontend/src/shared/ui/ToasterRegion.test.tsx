import { __unsafe_useEmotionCache as useEmotionCache, type EmotionCache } from '@emotion/react';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WELCOME_TEXT, WELCOME_TITLE } from '../../features/home/useWelcomeToast';
import { renderWithProviders } from '../test/render';
import { toaster } from './toaster';
import ToasterRegion from './ToasterRegion';

let cache: EmotionCache | null = null;
function CacheProbe() {
  cache = useEmotionCache();
  return null;
}
const insertedNames = () => Object.keys(cache?.inserted ?? {});

afterEach(() => toaster.remove());

describe('toasts’ region', () => {
  it('has the first toast’s styles computed and inserted before that toast, so the toast’s synchronous render adds none (ADR 009)', async () => {
    const { container } = renderWithProviders(<><CacheProbe /><ToasterRegion /></>);
    // the hidden copy renders with the region, then goes
    await waitFor(() => expect(container.querySelector('[hidden][aria-hidden="true"]')).toBeNull());
    const before = new Set(insertedNames());
    expect(before.size).toBeGreaterThan(0);

    act(() => {
      toaster.create({ title: WELCOME_TITLE, description: WELCOME_TEXT, type: 'success' });
    });
    expect(await screen.findByText(WELCOME_TEXT)).toBeTruthy();
    expect(insertedNames().filter((name) => !before.has(name))).toEqual([]);
  });
});
