import * as z from 'zod/mini';

/**
 * `GET /api/calculator/phones` (issue 30): the price calculator's phones, one per model × storage the
 * shop sells, each with the model's 출고가 for that storage and the 공시지원금 the carriers publish
 * for it on each plan (from the live offers; a plan without one is absent).
 */
export const calculatorPhoneSchema = z.object({
  /** `{modelId}:{storage}` */
  id: z.string(),
  modelId: z.string(),
  /** '갤럭시 S26 울트라 256GB' */
  name: z.string(),
  brand: z.string(),
  storage: z.number(),
  /** 출고가 of this storage variant (the model's `variants[].releasePrice`). */
  releasePrice: z.number(),
  img: z.string(),
  /** planId → 공시지원금 (won). */
  subsidies: z.record(z.string(), z.number()),
});
export type CalculatorPhone = z.infer<typeof calculatorPhoneSchema>;
export const calculatorPhonesSchema = z.object({ phones: z.array(calculatorPhoneSchema) });
export type CalculatorPhones = z.infer<typeof calculatorPhonesSchema>;

/** The calculator's phones' path. */
export const CALCULATOR_PHONES_PATH = '/api/calculator/phones';
