import { Fragment, type ReactNode } from 'react';
import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** The pages answers point to, by their Korean names (an answer writes '가격 계산기(/price-calculator)'). */
export const PAGE_NAMES: Readonly<Record<string, string>> = {
  '/orders': '주문 내역',
  '/cart': '장바구니',
  '/my-shopping': '마이 쇼핑',
  '/notifications': '알림',
  '/price-calculator': '가격 계산기',
  '/deposit-simulator': '예치금 시뮬레이터',
  '/customer-support': '고객센터',
  '/seller-application': '셀러 입점 신청',
  '/seller-dashboard': '셀러 대시보드',
  '/my-store': '내 스토어',
  '/brands': '브랜드',
  '/refund-policy': '환불정책',
  '/terms': '이용약관',
  '/privacy': '개인정보처리방침',
};

/** `[글](/path)` or `글(/path)`: an address on this site only (one leading slash, no scheme). */
const LINK = /\[([^\]\n]+)\]\((\/(?!\/)[^)\s]*)\)|\((\/(?!\/)[A-Za-z0-9\-/_.?=&#]*)\)/g;

export type AnswerPart = string | { text: string; to: string };

/**
 * An answer's text with its page addresses as links (issue 30: answers link pages instead of
 * printing paths): '[주문 내역](/orders)' links its text; '주문 내역(/orders)' links the page's
 * name (or the word) before the address, and the address itself is not shown.
 */
export function answerParts(content: string): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let last = 0;
  for (const m of content.matchAll(LINK)) {
    let before = content.slice(last, m.index);
    if (m[1] !== undefined && m[2] !== undefined) {
      if (before) parts.push(before);
      parts.push({ text: m[1], to: m[2] });
    } else {
      const to = m[3]!;
      const name = PAGE_NAMES[to.split(/[?#]/)[0]!];
      let text: string;
      if (name && before.endsWith(name)) text = name;
      else text = /(\S+)$/.exec(before)?.[1] ?? '';
      if (text) before = before.slice(0, before.length - text.length);
      else text = name ?? '바로가기';
      if (before) parts.push(before);
      parts.push({ text, to });
    }
    last = m.index + m[0].length;
  }
  if (last < content.length) parts.push(content.slice(last));
  return parts;
}

/** The answer as text and links (client-side navigation; the addresses are never printed). */
export function LinkedText({ content, onNavigate }: { content: string; onNavigate?: () => void }): ReactNode {
  return answerParts(content).map((p, i) =>
    typeof p === 'string' ? (
      <Fragment key={i}>{p}</Fragment>
    ) : (
      <Link key={i} asChild color="brand.fg" fontWeight="semibold" textDecoration="underline" textUnderlineOffset="2px">
        <RouterLink to={p.to} onClick={onNavigate}>{p.text}</RouterLink>
      </Link>
    ),
  );
}
