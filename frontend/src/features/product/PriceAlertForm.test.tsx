import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
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

describe('PriceAlertForm: what a buyer types', () => {
  const ME = { user: { id: 'u1', email: 'a@b.kr', firstName: '민준', lastName: '김', role: 'user' } };

  async function openForm() {
    const { requests } = stubFetch((req) => (new URL(req.url, 'http://localhost').pathname === '/api/auth/me' ? json(ME) : json({ message: '없음' }, { status: 404 })));
    renderWithProviders(<PriceAlertForm modelId="galaxy-s25" series={null} current={2_214_936} />);
    fireEvent.click(await screen.findByTestId('price-alert-open'));
    return { requests, target: await screen.findByTestId('price-alert-target') };
  }

  it('a target that is not a number (letters, emoji) is refused in Korean, and nothing is sent', async () => {
    const { requests, target } = await openForm();
    for (const typed of ['abc', '😀😀']) {
      fireEvent.change(target, { target: { value: typed } });
      fireEvent.click(screen.getByTestId('price-alert-submit'));
      expect(await screen.findByText('금액은 원 단위 숫자로 입력해주세요.')).toBeTruthy();
      expect(screen.queryByText('Invalid input')).toBeNull();
    }
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('an empty target is answered with the schema\'s message (not left to the browser\'s own bubble)', async () => {
    const { target } = await openForm();
    expect(target.closest('form')?.noValidate).toBe(true);
    fireEvent.change(target, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('price-alert-submit'));
    expect(await screen.findByText('목표 금액은 1,000원 이상이어야 합니다.')).toBeTruthy();
  });

  it('a drop percent that is not a number is refused in Korean', async () => {
    await openForm();
    fireEvent.click(screen.getByRole('button', { name: '30일 평균보다 내려가면' }));
    fireEvent.change(await screen.findByTestId('price-alert-percent'), { target: { value: '열' } });
    fireEvent.click(screen.getByTestId('price-alert-submit'));
    expect(await screen.findByText('하락 비율은 정수로 입력해주세요.')).toBeTruthy();
    expect(screen.queryByText('Invalid input')).toBeNull();
  });
});
