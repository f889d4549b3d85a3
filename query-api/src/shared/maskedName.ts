/** 홍*동, 김*: a name as others may see it (order lists, reviews, questions). */
export function maskedName(fullName: string): string {
  const name = [...fullName];
  return name.length <= 2 ? `${name[0] ?? ''}*` : `${name[0]}${'*'.repeat(name.length - 2)}${name.at(-1)}`;
}
