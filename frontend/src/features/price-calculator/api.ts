import { useQuery } from '@tanstack/react-query';
import { CALCULATOR_PHONES_PATH, calculatorPhonesSchema, type CalculatorPhone } from '@phonemarket/contracts/calculator.ts';
import { apiFetch } from '../../shared/api/client';
import { usePlans, type Plan } from '../../shared/api/catalogue';

/**
 * A phone of the calculator: one model × storage (`GET /api/calculator/phones`), at the model's
 * 출고가. `price` is that 출고가 again, under the name the spec's discount rules (cost.ts) read.
 */
export type CalculatorEntry = CalculatorPhone & { price: number };

export function getCalculatorPhones(signal?: AbortSignal): Promise<CalculatorEntry[]> {
  return apiFetch(CALCULATOR_PHONES_PATH, { schema: calculatorPhonesSchema, signal }).then(({ phones }) => phones.map((p) => ({ ...p, price: p.releasePrice })));
}

export function useCalculatorPhones() {
  return useQuery({ queryKey: [CALCULATOR_PHONES_PATH], queryFn: ({ signal }) => getCalculatorPhones(signal) });
}

export interface CalculatorCatalogue {
  phones: CalculatorEntry[];
  plans: Plan[];
}

/** The phones (one per model × storage) and the six built-in plans, with one loading / error state for both. */
export function useCalculatorCatalogue() {
  const phones = useCalculatorPhones();
  const plans = usePlans();
  const data: CalculatorCatalogue | undefined = phones.data && plans.data ? { phones: phones.data, plans: plans.data } : undefined;
  return {
    data,
    isPending: phones.isPending || plans.isPending,
    error: phones.error ?? plans.error ?? null,
    refetch: () => {
      if (phones.error) void phones.refetch();
      if (plans.error) void plans.refetch();
    },
  };
}
