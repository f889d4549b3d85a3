import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { applyServerErrors } from './serverErrors';

describe('applyServerErrors', () => {
  it("puts a 400's field errors on the form's fields and skips fields the form does not have", () => {
    const { result } = renderHook(() => {
      const form = useForm({ defaultValues: { email: '', password: '' } });
      return { form, errors: form.formState.errors };
    });
    let set: string[] = [];
    act(() => {
      set = applyServerErrors(new ApiError(400, '입력값을 확인해주세요.', { email: '이미 사용 중입니다.', role: '모르는 필드' }), result.current.form.setError, ['email', 'password']);
    });
    expect(set).toEqual(['email']);
    expect(result.current.errors.email?.message).toBe('이미 사용 중입니다.');
    expect(result.current.errors.password).toBeUndefined();
  });

  it('does nothing for other errors', () => {
    const { result } = renderHook(() => useForm({ defaultValues: { email: '' } }));
    expect(applyServerErrors(new ApiError(500, 'down'), result.current.setError, ['email'])).toEqual([]);
    expect(applyServerErrors(new TypeError('offline'), result.current.setError, ['email'])).toEqual([]);
  });
});
