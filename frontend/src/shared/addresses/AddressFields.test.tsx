import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { AddressFields, type ShippingFieldValues } from './AddressFields';
import { POSTCODE_UNAVAILABLE_MESSAGE } from './PostcodeSearch';
import { POSTCODE_SCRIPT_URL } from './postcodeWidget';

function Form() {
  const form = useForm<ShippingFieldValues>({ defaultValues: { recipient: '', phone: '', postcode: '', address: '', addressDetail: '' } });
  return <form><AddressFields register={form.register} errors={form.formState.errors} setValue={form.setValue} setFocus={form.setFocus} /></form>;
}
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const widgetScript = () => document.head.querySelector<HTMLScriptElement>(`script[src="${POSTCODE_SCRIPT_URL}"]`);

afterEach(() => {
  delete (window as { daum?: unknown }).daum;
  widgetScript()?.remove();
});

describe('address fields (issue 39)', () => {
  it('연락처 opens the number keypad and hyphenates digits as they are typed or pasted', () => {
    renderWithProviders(<Form />);
    expect(input('phone').type).toBe('tel');
    expect(input('phone').getAttribute('inputmode')).toBe('numeric');
    for (const [typed, shown] of [['010', '010'], ['0101', '010-1'], ['0101234', '010-1234'], ['01012345', '010-1234-5'], ['01012345678', '010-1234-5678'], ['010 1234 5678', '010-1234-5678'], ['010123456789', '010-1234-5678'], ['abc', '']]) {
      fireEvent.change(input('phone'), { target: { value: typed } });
      expect(input('phone').value).toBe(shown);
    }
  });

  it('우편번호 찾기 loads the widget only when pressed; when it cannot load it says so and the postcode and address are typed by hand', async () => {
    const appended = vi.spyOn(document.head, 'appendChild');
    renderWithProviders(<Form />);
    const scriptsAppended = () => appended.mock.calls.filter(([node]) => node instanceof HTMLScriptElement && node.src === POSTCODE_SCRIPT_URL).length;
    expect(scriptsAppended()).toBe(0);
    fireEvent.click(screen.getByTestId('postcode-search'));
    await waitFor(() => expect(scriptsAppended()).toBe(1));
    // No internet here: the script fails (the test DOM refuses to load it, as a browser offline does).
    widgetScript()?.dispatchEvent(new Event('error'));
    expect((await screen.findByTestId('postcode-unavailable')).textContent).toBe(POSTCODE_UNAVAILABLE_MESSAGE);
    await waitFor(() => expect(document.activeElement).toBe(input('postcode')));
    fireEvent.change(input('postcode'), { target: { value: '06236' } });
    fireEvent.change(input('address'), { target: { value: '서울 강남구 테헤란로 123' } });
    expect([input('postcode').value, input('address').value]).toEqual(['06236', '서울 강남구 테헤란로 123']);
    appended.mockRestore();
  });

  it('when the widget is there, the address picked fills 우편번호 and 주소 and the focus moves to 상세 주소', async () => {
    (window as { daum?: unknown }).daum = {
      Postcode: class {
        constructor(private readonly options: { oncomplete: (r: { zonecode: string; roadAddress: string; jibunAddress: string; buildingName: string }) => void }) {}
        embed() { this.options.oncomplete({ zonecode: '04524', roadAddress: '서울 중구 세종대로 110', jibunAddress: '서울 중구 태평로1가 31', buildingName: '서울특별시청' }); }
      },
    };
    renderWithProviders(<Form />);
    fireEvent.click(screen.getByTestId('postcode-search'));
    await waitFor(() => expect(input('postcode').value).toBe('04524'));
    expect(input('address').value).toBe('서울 중구 세종대로 110 (서울특별시청)');
    await waitFor(() => expect(document.activeElement).toBe(input('address-detail')));
    expect(widgetScript()).toBeNull();
  });
});
