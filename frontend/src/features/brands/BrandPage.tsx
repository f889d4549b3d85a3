import { useParams } from 'react-router-dom';
import { ComingSoon } from '../../shared/ui/ComingSoon';

const BRAND_NAMES: Record<string, string> = { samsung: '삼성', apple: '애플', google: '구글' };

/** /brand/:brand — not built yet. */
export default function BrandPage() {
  const { brand = '' } = useParams();
  const name = BRAND_NAMES[brand.toLowerCase()] ?? brand;
  return <ComingSoon title={`${name} 상품`} />;
}
