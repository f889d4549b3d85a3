import { Link, Text } from '@chakra-ui/react';
import type { COURIERS } from '@phonemarket/contracts';

type Courier = (typeof COURIERS)[number];

/** Each courier's public tracking page for one tracking number (issue 30: the five couriers of the contracts). */
export const COURIER_TRACKING_URLS: Record<Courier, (trackingNumber: string) => string> = {
  CJ대한통운: (n) => `https://trace.cjlogistics.com/next/tracking.html?wblNo=${encodeURIComponent(n)}`,
  한진택배: (n) => `https://www.hanjin.com/kor/CMS/DeliveryMgr/WaybillResult.do?mCode=MN038&schLang=KR&wblnumText2=${encodeURIComponent(n)}`,
  롯데택배: (n) => `https://www.lotteglogis.com/home/reservation/tracking/linkView?InvNo=${encodeURIComponent(n)}`,
  우체국택배: (n) => `https://service.epost.go.kr/trace.RetrieveDomRigiTraceList.comm?sid1=${encodeURIComponent(n)}`,
  로젠택배: (n) => `https://www.ilogen.com/web/personal/trace/${encodeURIComponent(n)}`,
};

/** The tracking page of a shipment, or null for a courier the contracts do not know. */
export function trackingUrl(courier: string | null, trackingNumber: string | null): string | null {
  if (!courier || !trackingNumber) return null;
  const url = (COURIER_TRACKING_URLS as Record<string, ((n: string) => string) | undefined>)[courier];
  return url ? url(trackingNumber) : null;
}

/** '택배사 송장번호' with a link to the courier's tracking page (a new tab). */
export function TrackingLink({ courier, trackingNumber, testId = 'tracking' }: { courier: string | null; trackingNumber: string | null; testId?: string }) {
  if (!trackingNumber) return null;
  const url = trackingUrl(courier, trackingNumber);
  const text = `${courier ?? ''} ${trackingNumber}`.trim();
  return (
    <Text as="span" fontSize="sm" display="inline-flex" gap="2" flexWrap="wrap" alignItems="baseline">
      <Text as="span" data-testid={testId}>{text}</Text>
      {url ? (
        <Link href={url} target="_blank" rel="noopener noreferrer" color="brand.fg" textDecoration="underline" data-testid="tracking-link" aria-label={`${text} 배송 조회 (새 창)`}>
          배송 조회
        </Link>
      ) : null}
    </Text>
  );
}
