import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../shared/test/render';
import { PriceAlertForm } from './PriceAlertForm';

afterEach(() => vi.unstubAllGlobals());

describe('PriceAlertForm', () => {
  it('mounts without a second render: its form (a layout effect that updated it synchronously in the mounting commit, the model page\'s idle one) waits to be opened', () => {
    stubFetch(() => new Promise<Response>(() => {}));
    const phases: string[] = [];
    renderWithProviders(
      <Profiler id="alert" onRender={(_id, phase) => phases.push(phase)}>
        <PriceAlertForm modelId="galaxy-s26-ultra" series={null} current={2_845_408} />
      </Profiler>,
    );
    expect(phases).toEqual(['mount']);
  });
});
