import type { ApiRole } from '../../shared/api/client';
import { ROLES } from '../../shared/auth/roles';

export interface QuickAction {
  id: string;
  label: string;
  href: string;
  /** Text badge; count badges only where a real count exists (none here). */
  badge?: string;
  roles: ApiRole[];
  /** Short description shown under the label. */
  description: string;
}

const SIGNED_IN: ApiRole[] = [...ROLES];

/**
 * Spec §6. The prototype's fixed count badges (3, 12, 5) are fake numbers and are left out;
 * the text badges (AI, 무료, 신규 주문 → '신규') are kept.
 */
export const QUICK_ACTIONS: QuickAction[] = [
  { id: 'browse', label: '상품 둘러보기', href: '/brands', roles: ['guest'], description: '브랜드별 최신 휴대폰' },
  { id: 'cart', label: '장바구니', href: '/cart', roles: SIGNED_IN, description: '담아 둔 상품' },
  { id: 'wishlist', label: '찜한 상품', href: '/my-shopping', roles: SIGNED_IN, description: '관심 상품 모아보기' },
  { id: 'orders', label: '주문 내역', href: '/orders', roles: SIGNED_IN, description: '주문·배송 조회' },
  { id: 'notifications', label: '알림', href: '/notifications', roles: SIGNED_IN, description: '새 소식 확인' },
  { id: 'price-calculator', label: '가격 계산기', href: '/price-calculator', badge: 'AI', roles: SIGNED_IN, description: '실구매가 분석' },
  { id: 'deposit-simulator', label: '할부 시뮬레이터', href: '/deposit-simulator', badge: '무료', roles: SIGNED_IN, description: '구매 가능 금액 계산' },
  { id: 'seller-dashboard', label: '셀러 대시보드', href: '/seller-dashboard', roles: ['seller'], description: '판매 현황 한눈에' },
  { id: 'my-store', label: '내 스토어', href: '/my-store', roles: ['seller'], description: '스토어 정보 관리' },
  { id: 'add-product', label: '상품 등록', href: '/add-product', roles: ['seller'], description: '새 상품 올리기' },
  { id: 'sales', label: '판매 관리', href: '/sales', badge: '신규', roles: ['seller'], description: '신규 주문 확인' },
  { id: 'shipping', label: '배송 관리', href: '/shipping', roles: ['seller'], description: '발송·배송 처리' },
  { id: 'admin', label: '관리자 패널', href: '/admin', roles: ['admin'], description: '서비스 운영 현황' },
  { id: 'admin-users', label: '사용자 관리', href: '/admin/users', roles: ['admin'], description: '회원 조회·관리' },
  { id: 'admin-sellers', label: '셀러 승인', href: '/admin/sellers', roles: ['admin'], description: '판매자 신청 심사' },
  { id: 'admin-settings', label: '사이트 설정', href: '/admin/settings', roles: ['admin'], description: '사이트 환경 설정' },
];

export function quickActionsFor(role: ApiRole): QuickAction[] {
  return QUICK_ACTIONS.filter((action) => action.roles.includes(role));
}
