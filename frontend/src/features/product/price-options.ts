/**
 * Product-detail option and price rules (spec §9, "Product detail (static, client-side)").
 * Pure: no React, no fetch — every rule here is unit-tested in price-options.test.ts.
 *
 * Base price: the server lists a product at the price of ITS OWN storage (e.g. a 512GB
 * product costs `price`). The option table adds a fixed amount per storage, so the base
 * for the option math is `product.price − addOn(product.storage)`; choosing the product's
 * own storage therefore shows exactly its listed price. A storage that is not in the
 * table counts as add-on 0 (the base is then the listed price).
 */

import { formatStorage } from '../../shared/format';

export const INSTALLMENT_MONTHS = 24;

export interface StorageOption {
  /** Gigabytes, as the API's `storage` field (1TB = 1024). */
  readonly gb: number;
  readonly label: string;
  /** Won added to the base price. */
  readonly addOn: number;
}

const storageOption = (gb: number, addOn: number): StorageOption => ({ gb, label: formatStorage(gb), addOn });

export const STORAGE_OPTIONS: readonly StorageOption[] = [
  storageOption(128, 0),
  storageOption(256, 200_000),
  storageOption(512, 400_000),
  storageOption(1024, 800_000),
];

export type CarrierId = 'KT' | 'SKT' | 'LG U+';

export interface CarrierOption {
  readonly id: CarrierId;
  readonly label: string;
  /** Used in data-testid (`carrier-option-<testId>`), since 'LG U+' has a space and a plus. */
  readonly testId: string;
  /** Won taken off the device price. */
  readonly discount: number;
}

export const CARRIER_OPTIONS = [
  { id: 'KT', label: 'KT', testId: 'KT', discount: 300_000 },
  { id: 'SKT', label: 'SKT', testId: 'SKT', discount: 250_000 },
  { id: 'LG U+', label: 'LG U+', testId: 'LGU', discount: 200_000 },
] as const satisfies readonly CarrierOption[];

export type PlanId = 'premium-plus' | 'standard' | 'basic';

export interface PlanOption {
  readonly id: PlanId;
  readonly name: string;
  /** Won per month. */
  readonly monthlyFee: number;
}

/** The three plans of the product page, by monthly fee (spec §9: 130,000 / 89,000 / 69,000). */
export const PLAN_OPTIONS = [
  { id: 'premium-plus', name: '프리미엄 플러스', monthlyFee: 130_000 },
  { id: 'standard', name: '스탠다드', monthlyFee: 89_000 },
  { id: 'basic', name: '베이직', monthlyFee: 69_000 },
] as const satisfies readonly PlanOption[];

export const DEFAULT_STORAGE_GB = 256;
export const DEFAULT_CARRIER: CarrierId = 'KT';
export const DEFAULT_PLAN: PlanId = 'premium-plus';
/** Spec §9 default colour 'natural titanium'. */
export const DEFAULT_COLOR_NAME = '내추럴 티타늄';

export interface ColorChoice {
  readonly name: string;
  readonly hex: string;
  readonly available: boolean;
}

/** Won added for a storage size; 0 for a size that is not in the table. */
export function storageAddOn(gb: number): number {
  return STORAGE_OPTIONS.find((o) => o.gb === gb)?.addOn ?? 0;
}

/** Won taken off for a carrier; 0 for an unknown carrier. */
export function carrierDiscount(carrier: string): number {
  return CARRIER_OPTIONS.find((o) => o.id === carrier)?.discount ?? 0;
}

export function findPlan(id: string): PlanOption | undefined {
  return PLAN_OPTIONS.find((p) => p.id === id);
}

export function isStorageOption(gb: number): boolean {
  return STORAGE_OPTIONS.some((o) => o.gb === gb);
}

export function isCarrierId(value: string): value is CarrierId {
  return CARRIER_OPTIONS.some((o) => o.id === value);
}

/** The device price before options: the listed price minus the add-on of the product's own storage. */
export function basePrice(listedPrice: number, productStorageGb: number): number {
  return listedPrice - storageAddOn(productStorageGb);
}

/** A colour can be chosen only when it is available ('품절' colours cannot, spec §5). */
export function isColorSelectable(color: ColorChoice | undefined): boolean {
  return color !== undefined && color.available;
}

/**
 * Default colour: 'natural titanium' (내추럴 티타늄) when the product has it available,
 * otherwise the first available colour; null when every colour is sold out (or none exist).
 */
export function defaultColorName(colors: readonly ColorChoice[]): string | null {
  const natural = colors.find((c) => c.name === DEFAULT_COLOR_NAME && c.available);
  if (natural) return natural.name;
  return colors.find((c) => c.available)?.name ?? null;
}

export interface OptionSelection {
  storageGb: number;
  colorName: string | null;
  carrier: CarrierId;
  plan: PlanId;
}

/** Spec §9 defaults: 256GB, natural titanium (or first available colour), KT, premium plus. */
export function defaultSelection(colors: readonly ColorChoice[]): OptionSelection {
  return { storageGb: DEFAULT_STORAGE_GB, colorName: defaultColorName(colors), carrier: DEFAULT_CARRIER, plan: DEFAULT_PLAN };
}

/**
 * Picks a colour if it can be chosen; a sold-out or unknown colour leaves the selection as is.
 */
export function selectColor(selection: OptionSelection, colors: readonly ColorChoice[], name: string): OptionSelection {
  const color = colors.find((c) => c.name === name);
  return isColorSelectable(color) ? { ...selection, colorName: name } : selection;
}

export interface PriceSummary {
  /** 기기 가격: listed price minus the add-on of the product's own storage. */
  base: number;
  /** 용량 추가 */
  storageAddOn: number;
  /** 통신사 할인 (a positive amount, shown with a minus sign) */
  carrierDiscount: number;
  /** 최종 가격 = max(0, base + storage add-on − carrier discount) */
  final: number;
  /** 월 할부금 = floor(final / 24) */
  monthly: number;
  months: number;
  /** The chosen plan's monthly fee (shown beside the installment, not added into it). */
  planMonthlyFee: number;
  planName: string;
}

export interface PriceInput {
  listedPrice: number;
  productStorageGb: number;
  storageGb: number;
  carrier: string;
  plan: string;
}

export function monthlyInstallment(final: number, months: number = INSTALLMENT_MONTHS): number {
  return Math.floor(final / months);
}

export function priceSummary(input: PriceInput): PriceSummary {
  const base = basePrice(input.listedPrice, input.productStorageGb);
  const addOn = storageAddOn(input.storageGb);
  const discount = carrierDiscount(input.carrier);
  const final = Math.max(0, base + addOn - discount);
  const plan = findPlan(input.plan);
  return {
    base,
    storageAddOn: addOn,
    carrierDiscount: discount,
    final,
    monthly: monthlyInstallment(final),
    months: INSTALLMENT_MONTHS,
    planMonthlyFee: plan?.monthlyFee ?? 0,
    planName: plan?.name ?? '',
  };
}
