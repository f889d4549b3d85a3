import { NativeSelect } from '@chakra-ui/react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import type { CitedCondition } from '@phonemarket/contracts';
import { FormField } from '../../shared/forms/FormField';

/**
 * Issue 40: the condition of the order's 계약 조건서 that a 교환/반품 request or an inquiry cites as broken or
 * disputed. A long condition is cut in the select at 375 px, so the chosen one is spelled out under it.
 * Nothing shows when the order has no condition to cite.
 */
export function BrokenConditionField({ cited, chosen, register, error, hint, testId }: {
  cited: readonly CitedCondition[];
  chosen: string | null | undefined;
  register: UseFormRegisterReturn;
  error: FieldError | undefined;
  /** Shown while nothing is chosen. */
  hint: string;
  testId: string;
}) {
  if (!cited.length) return null;
  return (
    <FormField label="어긴 계약 조건 (선택)" error={error} helper={cited.find((c) => c.ref === chosen)?.label ?? hint}>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field data-testid={testId} {...register}>
          <option value="">해당 없음</option>
          {cited.map((c) => <option key={c.ref} value={c.ref}>{c.label}</option>)}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}
