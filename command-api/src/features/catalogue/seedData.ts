import type { z } from 'zod';
import type {
  adCreatedSchema,
  brandDefinedSchema,
  brandModelListedSchema,
  Carrier,
  CategoryKey,
  categoryDefinedSchema,
  planDefinedSchema,
  productListedSchema,
} from '@phonemarket/events/features/catalogue.ts';

/**
 * The catalogue appended as events on first start. Everything here is fixed data: no clock,
 * no randomness, so every fresh store gets the same ids, prices and dates.
 */

export type SeedCategory = z.input<typeof categoryDefinedSchema>;
export type SeedProduct = z.input<typeof productListedSchema>;
export type SeedBrand = z.input<typeof brandDefinedSchema>;
export type SeedBrandModel = z.input<typeof brandModelListedSchema>;
export type SeedAd = z.input<typeof adCreatedSchema>;
export type SeedPlan = z.input<typeof planDefinedSchema>;

type Badge = SeedProduct['badges'][number];
type Condition = SeedProduct['condition'];
type Color = SeedProduct['colors'][number];
type Specifications = SeedProduct['specifications'];

// ---------------------------------------------------------------------------------------
// categories

export const seedCategories: SeedCategory[] = [
  { categoryId: 'samsung', key: 'Samsung', label: '삼성', img: '/images/categories/Samsung.svg', order: 0 },
  { categoryId: 'apple', key: 'Apple', label: '애플', img: '/images/categories/Apple.svg', order: 1 },
  { categoryId: 'special-offer', key: 'SpecialOffer', label: '특가', img: '/images/categories/SpecialOffer.svg', order: 2 },
  { categoryId: 'budget', key: 'Budget', label: '가성비', img: '/images/categories/Budget.svg', order: 3 },
  { categoryId: 'premium', key: 'Premium', label: '프리미엄', img: '/images/categories/Premium.svg', order: 4 },
  { categoryId: 'folding', key: 'Folding', label: '폴더블', img: '/images/categories/Folding.svg', order: 5 },
];

// ---------------------------------------------------------------------------------------
// sellers

const SELLERS = {
  gangnam: { id: 'seller-gangnam-phone', name: '강남폰스토어', rating: 4.9, deals: 2340 },
  yongsan: { id: 'seller-yongsan-mobile', name: '용산모바일', rating: 4.7, deals: 1580 },
  hongdae: { id: 'seller-hongdae-phonemart', name: '홍대폰마트', rating: 4.5, deals: 862 },
  busan: { id: 'seller-busan-seomyeon', name: '부산서면텔레콤', rating: 4.6, deals: 1125 },
  sindorim: { id: 'seller-sindorim-phoneplus', name: '신도림폰플러스', rating: 4.2, deals: 437 },
  daegu: { id: 'seller-daegu-dongseongro', name: '대구동성로모바일', rating: 4.0, deals: 276 },
  refurb: { id: 'seller-refurb-market', name: '리퍼폰마켓', rating: 4.8, deals: 3052 },
  used: { id: 'seller-junggo-nara', name: '중고폰나라', rating: 3.9, deals: 641 },
} as const satisfies Record<string, SeedProduct['seller']>;
type SellerKey = keyof typeof SELLERS;

// ---------------------------------------------------------------------------------------
// model lines

interface Line {
  readonly brand: 'Samsung' | 'Apple' | 'Google';
  /** Korean display name without storage, e.g. '갤럭시 S25 울트라'. */
  readonly nameKo: string;
  readonly folding: boolean;
  /** Flagship tier: a new unit of it belongs to Premium. */
  readonly premium: boolean;
  /** Launched within the last year (new units are flagged isNew). */
  readonly recent: boolean;
  readonly description: string;
  readonly specifications: Specifications;
  readonly colors: readonly Color[];
  readonly aliases: readonly string[];
}

const c = (name: string, hex: string, available = true): Color => ({ name, hex, available });

const GALAXY = ['갤럭시', 'galaxy', '삼성', 'samsung'];
const IPHONE = ['아이폰', 'iphone', '애플', 'apple'];
const PIXEL = ['픽셀', 'pixel', '구글', 'google'];
const GREY_IMPORT = '해외 정식 출시 제품을 병행수입한 자급제폰으로, 국내 통신 3사 유심으로 바로 개통할 수 있습니다.';

const LINES = {
  'galaxy-s25': {
    brand: 'Samsung',
    nameKo: '갤럭시 S25',
    folding: false,
    premium: false,
    recent: false,
    description: '한 손에 쏙 들어오는 6.2형 컴팩트 플래그십. 스냅드래곤 8 Elite for Galaxy와 갤럭시 AI로 사진 편집·통역까지 빠르게 처리합니다.',
    specifications: { display: '6.2형 FHD+ Dynamic AMOLED 2X (120Hz)', camera: '50MP 광각 + 12MP 초광각 + 10MP 망원(3배)', battery: '4,000mAh', os: 'Android 16 (One UI 8)', chip: 'Snapdragon 8 Elite for Galaxy', weight: '162g' },
    colors: [c('아이시블루', '#A7C4DD'), c('민트', '#BFE3D0'), c('네이비', '#2B3A55'), c('실버 섀도우', '#C9CBCF'), c('코랄레드', '#E5624F', false)],
    aliases: [...GALAXY, '갤럭시 S25', 'galaxy s25', 's25'],
  },
  'galaxy-s25-plus': {
    brand: 'Samsung',
    nameKo: '갤럭시 S25+',
    folding: false,
    premium: false,
    recent: false,
    description: '6.7형 QHD+ 대화면과 4,900mAh 배터리를 갖춘 S25 플러스. 45W 초고속 충전을 지원합니다.',
    specifications: { display: '6.7형 QHD+ Dynamic AMOLED 2X (120Hz)', camera: '50MP 광각 + 12MP 초광각 + 10MP 망원(3배)', battery: '4,900mAh', os: 'Android 16 (One UI 8)', chip: 'Snapdragon 8 Elite for Galaxy', weight: '190g' },
    colors: [c('네이비', '#2B3A55'), c('아이시블루', '#A7C4DD'), c('실버 섀도우', '#C9CBCF'), c('블루블랙', '#1F2A3A', false)],
    aliases: [...GALAXY, '갤럭시 S25 플러스', 'galaxy s25 plus', 's25+', 's25 plus'],
  },
  'galaxy-s25-ultra': {
    brand: 'Samsung',
    nameKo: '갤럭시 S25 울트라',
    folding: false,
    premium: true,
    recent: false,
    description: '2억 화소 카메라와 S펜을 품은 티타늄 플래그십. 5배 광학 줌과 프로비주얼 엔진으로 야간 촬영도 선명합니다.',
    specifications: { display: '6.9형 QHD+ Dynamic AMOLED 2X (120Hz)', camera: '200MP 광각 + 50MP 초광각 + 50MP 망원(5배) + 10MP 망원(3배)', battery: '5,000mAh', os: 'Android 16 (One UI 8)', chip: 'Snapdragon 8 Elite for Galaxy', weight: '218g' },
    colors: [c('티타늄 실버블루', '#9FB3C8'), c('티타늄 블랙', '#2E2F33'), c('티타늄 그레이', '#8E8C87'), c('티타늄 화이트실버', '#E6E6E3'), c('티타늄 제트블랙', '#111214', false)],
    aliases: [...GALAXY, '갤럭시 S25 울트라', 'galaxy s25 ultra', 's25 ultra', 's25 울트라'],
  },
  'galaxy-s25-fe': {
    brand: 'Samsung',
    nameKo: '갤럭시 S25 FE',
    folding: false,
    premium: false,
    recent: false,
    description: '플래그십 카메라와 갤럭시 AI를 합리적인 가격에 담은 팬 에디션. 6.7형 대화면과 4,900mAh 배터리.',
    specifications: { display: '6.7형 FHD+ Dynamic AMOLED 2X (120Hz)', camera: '50MP 광각 + 12MP 초광각 + 8MP 망원(3배)', battery: '4,900mAh', os: 'Android 16 (One UI 8)', chip: 'Exynos 2400', weight: '190g' },
    colors: [c('네이비', '#2B3A55'), c('아이시블루', '#A7C4DD'), c('화이트', '#F4F4F2'), c('제트블랙', '#151517', false)],
    aliases: [...GALAXY, '갤럭시 S25 FE', 'galaxy s25 fe', 's25 fe', '팬에디션'],
  },
  'galaxy-s26': {
    brand: 'Samsung',
    nameKo: '갤럭시 S26',
    folding: false,
    premium: false,
    recent: true,
    description: '2026년 상반기 출시된 갤럭시 S26. 더 커진 6.3형 화면과 4,300mAh 배터리, 한층 똑똑해진 갤럭시 AI를 담았습니다.',
    specifications: { display: '6.3형 FHD+ Dynamic AMOLED 2X (120Hz)', camera: '50MP 광각 + 12MP 초광각 + 12MP 망원(3배)', battery: '4,300mAh', os: 'Android 16 (One UI 8.5)', chip: 'Exynos 2600', weight: '167g' },
    colors: [c('코발트 바이올렛', '#5B4B8A'), c('스카이블루', '#9CC3E6'), c('블랙', '#1C1C1E'), c('화이트', '#F2F2F0'), c('핑크골드', '#E9C5B5', false)],
    aliases: [...GALAXY, '갤럭시 S26', 'galaxy s26', 's26'],
  },
  'galaxy-s26-plus': {
    brand: 'Samsung',
    nameKo: '갤럭시 S26+',
    folding: false,
    premium: false,
    recent: true,
    description: '6.7형 QHD+ 대화면과 대용량 배터리를 갖춘 갤럭시 S26 플러스. 45W 초고속 충전 지원.',
    specifications: { display: '6.7형 QHD+ Dynamic AMOLED 2X (120Hz)', camera: '50MP 광각 + 12MP 초광각 + 12MP 망원(3배)', battery: '4,900mAh', os: 'Android 16 (One UI 8.5)', chip: 'Exynos 2600', weight: '190g' },
    colors: [c('코발트 바이올렛', '#5B4B8A'), c('블랙', '#1C1C1E'), c('화이트', '#F2F2F0'), c('실버 섀도우', '#C9CBCF', false)],
    aliases: [...GALAXY, '갤럭시 S26 플러스', 'galaxy s26 plus', 's26+', 's26 plus'],
  },
  'galaxy-s26-ultra': {
    brand: 'Samsung',
    nameKo: '갤럭시 S26 울트라',
    folding: false,
    premium: true,
    recent: true,
    description: '2026년 갤럭시 최상위 모델. 2억 화소 카메라, 내장 S펜, 사생활 보호 디스플레이와 60W 초고속 충전을 지원합니다.',
    specifications: { display: '6.9형 QHD+ Dynamic AMOLED 2X (120Hz)', camera: '200MP 광각 + 50MP 초광각 + 50MP 망원(5배) + 10MP 망원(3배)', battery: '5,000mAh', os: 'Android 16 (One UI 8.5)', chip: 'Snapdragon 8 Elite Gen 5 for Galaxy', weight: '214g' },
    colors: [c('티타늄 블랙', '#2E2F33'), c('티타늄 실버', '#D5D6D8'), c('코발트 바이올렛', '#5B4B8A'), c('스카이블루', '#9CC3E6'), c('티타늄 핑크골드', '#E3C4B2', false)],
    aliases: [...GALAXY, '갤럭시 S26 울트라', 'galaxy s26 ultra', 's26 ultra', 's26 울트라'],
  },
  'galaxy-z-flip7': {
    brand: 'Samsung',
    nameKo: '갤럭시 Z 플립7',
    folding: true,
    premium: true,
    recent: false,
    description: '4.1형 플렉스윈도우로 접은 채 거의 모든 앱을 쓰는 플립7. 역대 가장 얇은 플립으로 주머니에 쏙 들어갑니다.',
    specifications: { display: '메인 6.9형 FHD+ / 커버 4.1형 Super AMOLED', camera: '50MP 광각 + 12MP 초광각', battery: '4,300mAh', os: 'Android 16 (One UI 8)', chip: 'Exynos 2500', weight: '188g' },
    colors: [c('블루 섀도우', '#3D5A80'), c('제트블랙', '#1C1C1E'), c('코랄레드', '#E5624F'), c('민트', '#BFE3D0', false)],
    aliases: [...GALAXY, '플립', 'flip', '플립7', 'flip7', '갤럭시 Z 플립7', 'galaxy z flip7', 'z플립7', '폴더블'],
  },
  'galaxy-z-fold7': {
    brand: 'Samsung',
    nameKo: '갤럭시 Z 폴드7',
    folding: true,
    premium: true,
    recent: false,
    description: '접으면 8.9mm, 펼치면 8형 대화면. 2억 화소 카메라를 처음 담은 가장 얇고 가벼운 폴드입니다.',
    specifications: { display: '메인 8.0형 QXGA+ / 커버 6.5형 Dynamic AMOLED 2X', camera: '200MP 광각 + 12MP 초광각 + 10MP 망원(3배)', battery: '4,400mAh', os: 'Android 16 (One UI 8)', chip: 'Snapdragon 8 Elite for Galaxy', weight: '215g' },
    colors: [c('블루 섀도우', '#3D5A80'), c('실버 섀도우', '#C9CBCF'), c('제트블랙', '#1C1C1E'), c('민트', '#BFE3D0', false)],
    aliases: [...GALAXY, '폴드', 'fold', '폴드7', 'fold7', '갤럭시 Z 폴드7', 'galaxy z fold7', 'z폴드7', '폴더블'],
  },
  'galaxy-z-flip6': {
    brand: 'Samsung',
    nameKo: '갤럭시 Z 플립6',
    folding: true,
    premium: false,
    recent: false,
    description: '5천만 화소 카메라와 3.4형 플렉스윈도우를 갖춘 플립6. 리퍼·중고로 부담 없이 만나는 폴더블.',
    specifications: { display: '메인 6.7형 FHD+ / 커버 3.4형 Super AMOLED', camera: '50MP 광각 + 12MP 초광각', battery: '4,000mAh', os: 'Android 16 (One UI 8)', chip: 'Snapdragon 8 Gen 3 for Galaxy', weight: '187g' },
    colors: [c('실버 섀도우', '#C9CBCF'), c('옐로우', '#F3E59A'), c('블루', '#A9C6E8'), c('민트', '#BFE3D0', false)],
    aliases: [...GALAXY, '플립', 'flip', '플립6', 'flip6', '갤럭시 Z 플립6', 'galaxy z flip6', '폴더블'],
  },
  'galaxy-z-fold6': {
    brand: 'Samsung',
    nameKo: '갤럭시 Z 폴드6',
    folding: true,
    premium: false,
    recent: false,
    description: '7.6형 메인 화면으로 멀티태스킹에 강한 폴드6. 검수 완료 리퍼·중고 물량을 합리적인 가격에.',
    specifications: { display: '메인 7.6형 QXGA+ / 커버 6.3형 Dynamic AMOLED 2X', camera: '50MP 광각 + 12MP 초광각 + 10MP 망원(3배)', battery: '4,400mAh', os: 'Android 16 (One UI 8)', chip: 'Snapdragon 8 Gen 3 for Galaxy', weight: '239g' },
    colors: [c('실버 섀도우', '#C9CBCF'), c('핑크', '#EBC7CF'), c('네이비', '#2B3A55'), c('크래프티드 블랙', '#1F1F21', false)],
    aliases: [...GALAXY, '폴드', 'fold', '폴드6', 'fold6', '갤럭시 Z 폴드6', 'galaxy z fold6', '폴더블'],
  },
  'galaxy-a56': {
    brand: 'Samsung',
    nameKo: '갤럭시 A56',
    folding: false,
    premium: false,
    recent: false,
    description: '6.7형 120Hz 화면과 5,000mAh 배터리, 6년 OS 업데이트를 보장하는 실속형 갤럭시.',
    specifications: { display: '6.7형 FHD+ Super AMOLED (120Hz)', camera: '50MP 광각 + 12MP 초광각 + 5MP 접사', battery: '5,000mAh', os: 'Android 16 (One UI 8)', chip: 'Exynos 1580', weight: '198g' },
    colors: [c('어썸 그라파이트', '#3A3B3F'), c('어썸 라이트그레이', '#D9DADC'), c('어썸 올리브', '#A3AE8A'), c('어썸 핑크', '#EFC6D0', false)],
    aliases: [...GALAXY, '갤럭시 A56', 'galaxy a56', 'a56', '보급형'],
  },
  'galaxy-a36': {
    brand: 'Samsung',
    nameKo: '갤럭시 A36',
    folding: false,
    premium: false,
    recent: false,
    description: '슬림한 디자인에 5,000mAh 배터리와 45W 충전을 갖춘 갤럭시 A36. 부모님·학생용으로 인기.',
    specifications: { display: '6.7형 FHD+ Super AMOLED (120Hz)', camera: '50MP 광각 + 8MP 초광각 + 5MP 접사', battery: '5,000mAh', os: 'Android 16 (One UI 8)', chip: 'Snapdragon 6 Gen 3', weight: '195g' },
    colors: [c('어썸 블랙', '#222225'), c('어썸 화이트', '#F3F3F1'), c('어썸 라벤더', '#C9BEE3'), c('어썸 라임', '#D8E8A6', false)],
    aliases: [...GALAXY, '갤럭시 A36', 'galaxy a36', 'a36', '보급형'],
  },
  'galaxy-a16': {
    brand: 'Samsung',
    nameKo: '갤럭시 A16',
    folding: false,
    premium: false,
    recent: false,
    description: '30만원대 5G 입문폰. 6.7형 슈퍼 아몰레드와 5,000mAh 배터리, 6세대 OS 업데이트 지원.',
    specifications: { display: '6.7형 FHD+ Super AMOLED (90Hz)', camera: '50MP 광각 + 5MP 초광각 + 2MP 접사', battery: '5,000mAh', os: 'Android 15 (One UI 7)', chip: 'Exynos 1330', weight: '200g' },
    colors: [c('블랙', '#1E1E20'), c('라이트그레이', '#D4D6D9'), c('라이트그린', '#C7E0C4', false)],
    aliases: [...GALAXY, '갤럭시 A16', 'galaxy a16', 'a16', '효도폰', '보급형'],
  },
  'galaxy-quantum5': {
    brand: 'Samsung',
    nameKo: '갤럭시 퀀텀5',
    folding: false,
    premium: false,
    recent: false,
    description: 'SKT 전용 양자보안(QRNG) 칩을 탑재한 갤럭시 퀀텀5. 금융·인증 앱을 더 안전하게 사용할 수 있습니다.',
    specifications: { display: '6.6형 FHD+ Super AMOLED (120Hz)', camera: '50MP 광각 + 12MP 초광각 + 5MP 접사', battery: '5,000mAh', os: 'Android 15 (One UI 7)', chip: 'Exynos 1480', weight: '213g' },
    colors: [c('어썸 아이스블루', '#BCD6EA'), c('어썸 네이비', '#2C3650'), c('어썸 라일락', '#CDBFE0', false)],
    aliases: [...GALAXY, '갤럭시 퀀텀5', 'galaxy quantum5', '퀀텀', 'quantum', '퀀텀5'],
  },
  'iphone-17': {
    brand: 'Apple',
    nameKo: '아이폰 17',
    folding: false,
    premium: false,
    recent: true,
    description: '기본 모델 최초로 120Hz 프로모션 디스플레이와 256GB 시작 용량을 갖춘 아이폰 17. 센터 스테이지 전면 카메라 탑재.',
    specifications: { display: '6.3형 Super Retina XDR (ProMotion 120Hz)', camera: '48MP Fusion + 48MP 초광각', battery: '최대 30시간 동영상 재생', os: 'iOS 26', chip: 'A19', weight: '177g' },
    colors: [c('라벤더', '#D8CFE8'), c('미스트 블루', '#A9C2D6'), c('세이지', '#B5C2A8'), c('화이트', '#F5F5F3'), c('블랙', '#1D1D1F', false)],
    aliases: [...IPHONE, '아이폰 17', 'iphone 17', '아이폰17'],
  },
  'iphone-17-pro': {
    brand: 'Apple',
    nameKo: '아이폰 17 프로',
    folding: false,
    premium: true,
    recent: true,
    description: '알루미늄 유니바디와 베이퍼 챔버로 성능을 끌어올린 아이폰 17 프로. 48MP 트리플 카메라와 8배 광학 품질 줌.',
    specifications: { display: '6.3형 Super Retina XDR (ProMotion 120Hz)', camera: '48MP Fusion + 48MP 초광각 + 48MP 망원(4배)', battery: '최대 33시간 동영상 재생', os: 'iOS 26', chip: 'A19 Pro', weight: '204g' },
    colors: [c('코스믹 오렌지', '#E8742F'), c('딥 블루', '#2C3E5C'), c('실버', '#E3E4E5', false)],
    aliases: [...IPHONE, '아이폰 17 프로', 'iphone 17 pro', '17 pro', '17프로'],
  },
  'iphone-17-pro-max': {
    brand: 'Apple',
    nameKo: '아이폰 17 프로 맥스',
    folding: false,
    premium: true,
    recent: true,
    description: '6.9형 대화면과 아이폰 사상 최장 배터리를 갖춘 아이폰 17 프로 맥스. 최대 2TB 저장 공간 선택 가능.',
    specifications: { display: '6.9형 Super Retina XDR (ProMotion 120Hz)', camera: '48MP Fusion + 48MP 초광각 + 48MP 망원(4배)', battery: '최대 39시간 동영상 재생', os: 'iOS 26', chip: 'A19 Pro', weight: '231g' },
    colors: [c('코스믹 오렌지', '#E8742F'), c('딥 블루', '#2C3E5C'), c('실버', '#E3E4E5', false)],
    aliases: [...IPHONE, '아이폰 17 프로 맥스', 'iphone 17 pro max', '프맥', '17 pro max', '17프로맥스'],
  },
  'iphone-air': {
    brand: 'Apple',
    nameKo: '아이폰 에어',
    folding: false,
    premium: true,
    recent: true,
    description: '두께 5.6mm, 역대 가장 얇은 아이폰. 티타늄 프레임과 A19 Pro 칩, 48MP Fusion 카메라를 담았습니다.',
    specifications: { display: '6.5형 Super Retina XDR (ProMotion 120Hz)', camera: '48MP Fusion', battery: '최대 27시간 동영상 재생', os: 'iOS 26', chip: 'A19 Pro', weight: '165g' },
    colors: [c('스카이 블루', '#BCD4EA'), c('라이트 골드', '#E9DCC2'), c('클라우드 화이트', '#F4F4F2'), c('스페이스 블랙', '#1D1D1F', false)],
    aliases: [...IPHONE, '아이폰 에어', 'iphone air', '에어', 'air'],
  },
  'iphone-16': {
    brand: 'Apple',
    nameKo: '아이폰 16',
    folding: false,
    premium: false,
    recent: false,
    description: '카메라 컨트롤 버튼과 애플 인텔리전스를 지원하는 아이폰 16. 출고가 인하로 더 가벼워진 가격.',
    specifications: { display: '6.1형 Super Retina XDR (60Hz)', camera: '48MP Fusion + 12MP 초광각', battery: '최대 22시간 동영상 재생', os: 'iOS 26', chip: 'A18', weight: '170g' },
    colors: [c('울트라마린', '#5A6FD8'), c('틸', '#9BC7C1'), c('핑크', '#F2C1D1'), c('화이트', '#F5F5F3'), c('블랙', '#1D1D1F', false)],
    aliases: [...IPHONE, '아이폰 16', 'iphone 16', '아이폰16'],
  },
  'iphone-16e': {
    brand: 'Apple',
    nameKo: '아이폰 16e',
    folding: false,
    premium: false,
    recent: false,
    description: 'A18 칩과 48MP 카메라를 합리적인 가격에 담은 아이폰 16e. 첫 아이폰으로 추천합니다.',
    specifications: { display: '6.1형 Super Retina XDR (60Hz)', camera: '48MP Fusion', battery: '최대 26시간 동영상 재생', os: 'iOS 26', chip: 'A18', weight: '167g' },
    colors: [c('블랙', '#1D1D1F'), c('화이트', '#F5F5F3', false)],
    aliases: [...IPHONE, '아이폰 16e', 'iphone 16e', '16e'],
  },
  'iphone-16-pro': {
    brand: 'Apple',
    nameKo: '아이폰 16 프로',
    folding: false,
    premium: false,
    recent: false,
    description: '티타늄 디자인과 5배 망원 카메라를 갖춘 아이폰 16 프로. 단종 후 리퍼·중고로만 만날 수 있습니다.',
    specifications: { display: '6.3형 Super Retina XDR (ProMotion 120Hz)', camera: '48MP Fusion + 48MP 초광각 + 12MP 망원(5배)', battery: '최대 27시간 동영상 재생', os: 'iOS 26', chip: 'A18 Pro', weight: '199g' },
    colors: [c('데저트 티타늄', '#C4AD92'), c('내추럴 티타늄', '#BAB4A9'), c('화이트 티타늄', '#EEEDEA'), c('블랙 티타늄', '#2F2F31', false)],
    aliases: [...IPHONE, '아이폰 16 프로', 'iphone 16 pro', '16 pro', '16프로'],
  },
  'iphone-15': {
    brand: 'Apple',
    nameKo: '아이폰 15',
    folding: false,
    premium: false,
    recent: false,
    description: '다이내믹 아일랜드와 USB-C를 갖춘 아이폰 15. 검수 완료 중고·리퍼로 가성비 좋은 선택.',
    specifications: { display: '6.1형 Super Retina XDR (60Hz)', camera: '48MP 메인 + 12MP 초광각', battery: '최대 20시간 동영상 재생', os: 'iOS 26', chip: 'A16 Bionic', weight: '171g' },
    colors: [c('핑크', '#F3D3D9'), c('옐로', '#F4EBB8'), c('그린', '#D0DDC9'), c('블루', '#CFDDE8'), c('블랙', '#35393D', false)],
    aliases: [...IPHONE, '아이폰 15', 'iphone 15', '아이폰15'],
  },
  'pixel-10': {
    brand: 'Google',
    nameKo: '픽셀 10',
    folding: false,
    premium: false,
    recent: true,
    description: `텐서 G5와 제미나이를 품은 구글 픽셀 10. 기본 모델에도 5배 망원 카메라가 들어갔습니다. ${GREY_IMPORT}`,
    specifications: { display: '6.3형 Actua OLED (120Hz)', camera: '48MP 광각 + 13MP 초광각 + 10.8MP 망원(5배)', battery: '4,970mAh', os: 'Android 16', chip: 'Google Tensor G5', weight: '204g' },
    colors: [c('옵시디언', '#2A2B2E'), c('프로스트', '#DDE3EA'), c('인디고', '#3E4A7A'), c('레몬그라스', '#D7DC8F', false)],
    aliases: [...PIXEL, '픽셀 10', 'pixel 10', '픽셀10'],
  },
  'pixel-10-pro': {
    brand: 'Google',
    nameKo: '픽셀 10 프로',
    folding: false,
    premium: true,
    recent: true,
    description: `최대 100배 프로 레스 줌과 7년 OS 업데이트를 지원하는 픽셀 10 프로. ${GREY_IMPORT}`,
    specifications: { display: '6.3형 Super Actua LTPO OLED (1–120Hz)', camera: '50MP 광각 + 48MP 초광각 + 48MP 망원(5배)', battery: '4,870mAh', os: 'Android 16', chip: 'Google Tensor G5', weight: '207g' },
    colors: [c('옵시디언', '#2A2B2E'), c('포슬린', '#EDE6DC'), c('문스톤', '#8E98A3'), c('헤이즐', '#8A8470', false)],
    aliases: [...PIXEL, '픽셀 10 프로', 'pixel 10 pro', '10 pro'],
  },
  'pixel-10-pro-xl': {
    brand: 'Google',
    nameKo: '픽셀 10 프로 XL',
    folding: false,
    premium: true,
    recent: true,
    description: `6.8형 대화면과 5,200mAh 배터리, Qi2 25W 무선충전을 지원하는 픽셀 10 프로 XL. ${GREY_IMPORT}`,
    specifications: { display: '6.8형 Super Actua LTPO OLED (1–120Hz)', camera: '50MP 광각 + 48MP 초광각 + 48MP 망원(5배)', battery: '5,200mAh', os: 'Android 16', chip: 'Google Tensor G5', weight: '232g' },
    colors: [c('옵시디언', '#2A2B2E'), c('문스톤', '#8E98A3'), c('포슬린', '#EDE6DC', false)],
    aliases: [...PIXEL, '픽셀 10 프로 XL', 'pixel 10 pro xl', '10 pro xl'],
  },
  'pixel-9a': {
    brand: 'Google',
    nameKo: '픽셀 9a',
    folding: false,
    premium: false,
    recent: false,
    description: `카메라 돌출이 없는 매끈한 디자인과 5,100mAh 배터리의 픽셀 9a. 구글 AI를 가장 저렴하게. ${GREY_IMPORT}`,
    specifications: { display: '6.3형 Actua pOLED (120Hz)', camera: '48MP 광각 + 13MP 초광각', battery: '5,100mAh', os: 'Android 16', chip: 'Google Tensor G4', weight: '186g' },
    colors: [c('옵시디언', '#2A2B2E'), c('포슬린', '#EDE6DC'), c('아이리스', '#9EA3D6'), c('피오니', '#E8A2B4', false)],
    aliases: [...PIXEL, '픽셀 9a', 'pixel 9a', '9a'],
  },
} as const satisfies Record<string, Line>;
type LineKey = keyof typeof LINES;

// ---------------------------------------------------------------------------------------
// products

interface Listing {
  readonly line: LineKey;
  readonly storage: 128 | 256 | 512 | 1024;
  readonly carrier: Carrier;
  readonly condition: Condition;
  /** Price in won (출고가 for new units, the asking price for refurbished/used ones). */
  readonly price: number;
  /** 공시지원금 taken off the instalment base (0 when none). */
  readonly subsidy?: number;
  readonly score: number;
  readonly badges: readonly Badge[];
  readonly hot?: boolean;
  readonly seller: SellerKey;
  readonly listedAt: string;
  /** Put in SpecialOffer even without a subsidy (clearance, limited deals). */
  readonly specialOffer?: boolean;
}

const CARRIER_SLUG: Record<Carrier, string> = { SKT: 'skt', KT: 'kt', 'LG U+': 'lgu' };
const CONDITION_SUFFIX: Record<Condition, string> = { new: '', refurbished: ' (리퍼)', used: ' (중고)' };
const CONDITION_NOTE: Record<Condition, string> = {
  new: '',
  refurbished: ' 정품 리퍼 제품으로 외관·배터리 검수를 마쳤고 6개월 무상 보증을 제공합니다.',
  used: ' 판매자 검수를 마친 중고 제품으로, 초기화 후 발송됩니다.',
};
const storageLabel = (gb: number) => (gb >= 1024 ? `${gb / 1024}TB` : `${gb}GB`);

/** Instalment over 24 months after the subsidy, rounded to 10 won. */
const monthlyOf = (price: number, subsidy: number) => Math.round((price - subsidy) / 24 / 10) * 10;

function toProduct(l: Listing): SeedProduct {
  const line: Line = LINES[l.line];
  const subsidy = l.subsidy ?? 0;
  const categories: CategoryKey[] = [];
  if (subsidy > 0 || l.specialOffer) categories.push('SpecialOffer');
  if (l.price - subsidy <= 700_000) categories.push('Budget');
  if (line.premium && l.condition === 'new') categories.push('Premium');
  if (line.folding) categories.push('Folding');
  return {
    productId: `${l.line}-${l.storage >= 1024 ? '1tb' : l.storage}-${CARRIER_SLUG[l.carrier]}-${l.condition}`,
    name: `${line.nameKo} ${storageLabel(l.storage)}${CONDITION_SUFFIX[l.condition]}`,
    brand: line.brand,
    model: l.line,
    img: `/images/phones/${l.line}.svg`,
    price: l.price,
    monthly: monthlyOf(l.price, subsidy),
    storage: l.storage,
    carrier: l.carrier,
    score: l.score,
    badges: [...l.badges],
    isHot: l.hot ?? false,
    isNew: line.recent && l.condition === 'new',
    condition: l.condition,
    categories,
    seller: { ...SELLERS[l.seller] },
    description: line.description + CONDITION_NOTE[l.condition],
    specifications: { ...line.specifications },
    colors: line.colors.map((col) => ({ ...col })),
    aliases: [...line.aliases],
    listedAt: l.listedAt,
  };
}

const LISTINGS: readonly Listing[] = [
  // Galaxy S25
  { line: 'galaxy-s25', storage: 256, carrier: 'SKT', condition: 'new', price: 1_155_000, subsidy: 300_000, score: 86, badges: ['공시혜택', '카드할인', '사은품'], hot: true, seller: 'gangnam', listedAt: '2026-01-12T10:00:00Z' },
  { line: 'galaxy-s25', storage: 512, carrier: 'KT', condition: 'new', price: 1_309_000, score: 80, badges: ['카드할인', '대용량'], seller: 'yongsan', listedAt: '2026-02-03T11:30:00Z' },
  { line: 'galaxy-s25', storage: 256, carrier: 'LG U+', condition: 'used', price: 640_000, score: 72, badges: ['가성비', '빠른개통'], seller: 'used', listedAt: '2026-06-18T14:20:00Z' },
  // Galaxy S25+
  { line: 'galaxy-s25-plus', storage: 256, carrier: 'KT', condition: 'new', price: 1_353_000, subsidy: 250_000, score: 82, badges: ['공시혜택', '사은품'], seller: 'busan', listedAt: '2026-01-20T09:00:00Z' },
  { line: 'galaxy-s25-plus', storage: 512, carrier: 'SKT', condition: 'refurbished', price: 990_000, score: 75, badges: ['가성비'], seller: 'refurb', listedAt: '2026-05-09T13:00:00Z' },
  // Galaxy S25 Ultra
  { line: 'galaxy-s25-ultra', storage: 256, carrier: 'SKT', condition: 'new', price: 1_698_400, subsidy: 500_000, score: 95, badges: ['공시혜택', '카드할인', '사은품', '빠른개통'], hot: true, seller: 'gangnam', listedAt: '2026-01-05T09:00:00Z' },
  { line: 'galaxy-s25-ultra', storage: 512, carrier: 'KT', condition: 'new', price: 1_852_400, score: 90, badges: ['카드할인', '대용량'], seller: 'yongsan', listedAt: '2026-01-08T10:00:00Z' },
  { line: 'galaxy-s25-ultra', storage: 1024, carrier: 'LG U+', condition: 'new', price: 2_160_400, score: 84, badges: ['대용량', '사은품'], seller: 'hongdae', listedAt: '2026-02-14T12:00:00Z' },
  { line: 'galaxy-s25-ultra', storage: 256, carrier: 'KT', condition: 'refurbished', price: 1_190_000, score: 88, badges: ['가성비', '빠른개통'], seller: 'refurb', listedAt: '2026-07-22T10:40:00Z', specialOffer: true },
  { line: 'galaxy-s25-ultra', storage: 256, carrier: 'LG U+', condition: 'used', price: 980_000, score: 79, badges: ['가성비'], seller: 'used', listedAt: '2026-09-03T16:00:00Z' },
  // Galaxy S25 FE
  { line: 'galaxy-s25-fe', storage: 256, carrier: 'SKT', condition: 'new', price: 946_000, subsidy: 350_000, score: 83, badges: ['공시혜택', '가성비', '초보추천'], hot: true, seller: 'sindorim', listedAt: '2026-01-15T10:00:00Z' },
  { line: 'galaxy-s25-fe', storage: 512, carrier: 'KT', condition: 'new', price: 1_100_000, score: 70, badges: ['대용량'], seller: 'daegu', listedAt: '2026-03-11T15:00:00Z' },
  // Galaxy S26
  { line: 'galaxy-s26', storage: 256, carrier: 'SKT', condition: 'new', price: 1_254_000, subsidy: 400_000, score: 92, badges: ['공시혜택', '사은품', '카드할인'], hot: true, seller: 'gangnam', listedAt: '2026-03-06T09:00:00Z' },
  { line: 'galaxy-s26', storage: 512, carrier: 'LG U+', condition: 'new', price: 1_408_000, score: 85, badges: ['대용량', '빠른개통'], seller: 'hongdae', listedAt: '2026-03-10T11:00:00Z' },
  // Galaxy S26+
  { line: 'galaxy-s26-plus', storage: 256, carrier: 'KT', condition: 'new', price: 1_452_000, subsidy: 300_000, score: 87, badges: ['공시혜택', '사은품'], seller: 'busan', listedAt: '2026-03-06T10:00:00Z' },
  // Galaxy S26 Ultra
  { line: 'galaxy-s26-ultra', storage: 256, carrier: 'SKT', condition: 'new', price: 1_797_400, subsidy: 600_000, score: 98, badges: ['공시혜택', '카드할인', '사은품', '빠른개통', '대용량'], hot: true, seller: 'gangnam', listedAt: '2026-03-05T09:00:00Z' },
  { line: 'galaxy-s26-ultra', storage: 512, carrier: 'KT', condition: 'new', price: 1_951_400, score: 93, badges: ['카드할인', '대용량', '사은품'], seller: 'yongsan', listedAt: '2026-03-12T10:00:00Z' },
  { line: 'galaxy-s26-ultra', storage: 1024, carrier: 'LG U+', condition: 'new', price: 2_259_400, score: 86, badges: ['대용량'], seller: 'daegu', listedAt: '2026-04-01T09:30:00Z' },
  { line: 'galaxy-s26-ultra', storage: 256, carrier: 'KT', condition: 'used', price: 1_320_000, score: 80, badges: ['빠른개통'], seller: 'used', listedAt: '2026-10-27T17:00:00Z' },
  // Galaxy Z Flip7
  { line: 'galaxy-z-flip7', storage: 256, carrier: 'SKT', condition: 'new', price: 1_485_000, subsidy: 500_000, score: 91, badges: ['폴더블', '공시혜택', '사은품', '카드할인'], hot: true, seller: 'gangnam', listedAt: '2026-01-22T10:00:00Z' },
  { line: 'galaxy-z-flip7', storage: 512, carrier: 'KT', condition: 'new', price: 1_639_000, score: 84, badges: ['폴더블', '대용량'], seller: 'yongsan', listedAt: '2026-02-20T10:00:00Z' },
  { line: 'galaxy-z-flip7', storage: 256, carrier: 'LG U+', condition: 'refurbished', price: 1_020_000, score: 82, badges: ['폴더블', '가성비'], seller: 'refurb', listedAt: '2026-08-14T11:00:00Z' },
  // Galaxy Z Fold7
  { line: 'galaxy-z-fold7', storage: 256, carrier: 'SKT', condition: 'new', price: 2_379_300, subsidy: 600_000, score: 94, badges: ['폴더블', '공시혜택', '카드할인', '사은품'], hot: true, seller: 'gangnam', listedAt: '2026-01-09T09:00:00Z' },
  { line: 'galaxy-z-fold7', storage: 512, carrier: 'KT', condition: 'new', price: 2_537_700, score: 89, badges: ['폴더블', '대용량', '카드할인'], seller: 'busan', listedAt: '2026-02-11T10:00:00Z' },
  { line: 'galaxy-z-fold7', storage: 1024, carrier: 'LG U+', condition: 'new', price: 2_933_700, score: 81, badges: ['폴더블', '대용량'], seller: 'hongdae', listedAt: '2026-04-18T13:00:00Z' },
  { line: 'galaxy-z-fold7', storage: 256, carrier: 'KT', condition: 'used', price: 1_590_000, score: 77, badges: ['폴더블', '빠른개통'], seller: 'used', listedAt: '2026-10-02T15:00:00Z' },
  // Galaxy Z Flip6 / Fold6
  { line: 'galaxy-z-flip6', storage: 256, carrier: 'KT', condition: 'refurbished', price: 820_000, score: 78, badges: ['폴더블', '가성비', '초보추천'], seller: 'refurb', listedAt: '2026-04-07T10:00:00Z', specialOffer: true },
  { line: 'galaxy-z-flip6', storage: 512, carrier: 'SKT', condition: 'used', price: 690_000, score: 71, badges: ['폴더블', '가성비'], seller: 'used', listedAt: '2026-08-30T18:00:00Z' },
  { line: 'galaxy-z-fold6', storage: 256, carrier: 'LG U+', condition: 'refurbished', price: 1_290_000, score: 80, badges: ['폴더블', '가성비'], seller: 'refurb', listedAt: '2026-05-19T10:00:00Z' },
  { line: 'galaxy-z-fold6', storage: 512, carrier: 'SKT', condition: 'used', price: 1_150_000, score: 73, badges: ['폴더블'], seller: 'sindorim', listedAt: '2026-09-21T14:00:00Z' },
  // Galaxy A / Quantum
  { line: 'galaxy-a56', storage: 128, carrier: 'KT', condition: 'new', price: 599_500, subsidy: 200_000, score: 81, badges: ['공시혜택', '가성비', '초보추천'], hot: true, seller: 'daegu', listedAt: '2026-02-05T10:00:00Z' },
  { line: 'galaxy-a56', storage: 256, carrier: 'SKT', condition: 'new', price: 649_000, score: 74, badges: ['가성비', '빠른개통'], seller: 'sindorim', listedAt: '2026-03-25T11:00:00Z' },
  { line: 'galaxy-a36', storage: 128, carrier: 'LG U+', condition: 'new', price: 499_400, subsidy: 150_000, score: 79, badges: ['공시혜택', '가성비', '초보추천', '사은품'], seller: 'hongdae', listedAt: '2026-02-17T10:00:00Z' },
  { line: 'galaxy-a36', storage: 128, carrier: 'SKT', condition: 'used', price: 260_000, score: 65, badges: ['가성비'], seller: 'used', listedAt: '2026-07-08T12:00:00Z' },
  { line: 'galaxy-a16', storage: 128, carrier: 'KT', condition: 'new', price: 319_000, subsidy: 150_000, score: 76, badges: ['공시혜택', '가성비', '초보추천'], seller: 'daegu', listedAt: '2026-01-28T10:00:00Z' },
  { line: 'galaxy-a16', storage: 128, carrier: 'LG U+', condition: 'refurbished', price: 210_000, score: 62, badges: ['가성비', '초보추천'], seller: 'refurb', listedAt: '2026-06-02T10:00:00Z' },
  { line: 'galaxy-quantum5', storage: 128, carrier: 'SKT', condition: 'new', price: 618_200, subsidy: 250_000, score: 74, badges: ['공시혜택', '초보추천', '가성비'], seller: 'gangnam', listedAt: '2026-02-24T10:00:00Z' },
  // iPhone 17
  { line: 'iphone-17', storage: 256, carrier: 'KT', condition: 'new', price: 1_290_000, subsidy: 300_000, score: 93, badges: ['공시혜택', '카드할인', '사은품'], hot: true, seller: 'yongsan', listedAt: '2026-01-06T09:00:00Z' },
  { line: 'iphone-17', storage: 512, carrier: 'SKT', condition: 'new', price: 1_590_000, score: 86, badges: ['대용량', '카드할인'], seller: 'gangnam', listedAt: '2026-02-09T10:00:00Z' },
  { line: 'iphone-17', storage: 256, carrier: 'LG U+', condition: 'used', price: 960_000, score: 76, badges: ['빠른개통'], seller: 'used', listedAt: '2026-11-05T13:00:00Z' },
  // iPhone 17 Pro
  { line: 'iphone-17-pro', storage: 256, carrier: 'KT', condition: 'new', price: 1_790_000, subsidy: 450_000, score: 97, badges: ['공시혜택', '카드할인', '사은품', '빠른개통'], hot: true, seller: 'yongsan', listedAt: '2026-01-07T09:00:00Z' },
  { line: 'iphone-17-pro', storage: 512, carrier: 'SKT', condition: 'new', price: 2_090_000, score: 91, badges: ['대용량', '카드할인'], seller: 'gangnam', listedAt: '2026-01-19T10:00:00Z' },
  { line: 'iphone-17-pro', storage: 1024, carrier: 'LG U+', condition: 'new', price: 2_390_000, score: 83, badges: ['대용량'], seller: 'hongdae', listedAt: '2026-03-02T10:00:00Z' },
  { line: 'iphone-17-pro', storage: 256, carrier: 'SKT', condition: 'refurbished', price: 1_450_000, score: 85, badges: ['가성비', '빠른개통'], seller: 'refurb', listedAt: '2026-09-12T10:00:00Z' },
  // iPhone 17 Pro Max
  { line: 'iphone-17-pro-max', storage: 256, carrier: 'KT', condition: 'new', price: 1_990_000, subsidy: 400_000, score: 96, badges: ['공시혜택', '카드할인', '사은품'], hot: true, seller: 'busan', listedAt: '2026-01-10T09:00:00Z' },
  { line: 'iphone-17-pro-max', storage: 1024, carrier: 'SKT', condition: 'new', price: 2_590_000, score: 88, badges: ['대용량', '카드할인', '빠른개통'], seller: 'gangnam', listedAt: '2026-02-26T10:00:00Z' },
  { line: 'iphone-17-pro-max', storage: 512, carrier: 'LG U+', condition: 'used', price: 1_690_000, score: 78, badges: ['대용량'], seller: 'used', listedAt: '2026-10-15T16:00:00Z' },
  // iPhone Air
  { line: 'iphone-air', storage: 256, carrier: 'SKT', condition: 'new', price: 1_590_000, subsidy: 350_000, score: 84, badges: ['공시혜택', '사은품'], seller: 'hongdae', listedAt: '2026-01-13T10:00:00Z' },
  { line: 'iphone-air', storage: 512, carrier: 'KT', condition: 'refurbished', price: 1_290_000, score: 77, badges: ['대용량', '가성비'], seller: 'refurb', listedAt: '2026-08-05T10:00:00Z', specialOffer: true },
  // iPhone 16 / 16e / 16 Pro / 15
  { line: 'iphone-16', storage: 128, carrier: 'LG U+', condition: 'new', price: 1_150_000, subsidy: 400_000, score: 82, badges: ['공시혜택', '카드할인', '초보추천'], seller: 'busan', listedAt: '2026-01-26T10:00:00Z' },
  { line: 'iphone-16', storage: 256, carrier: 'KT', condition: 'used', price: 720_000, score: 70, badges: ['가성비', '빠른개통'], seller: 'used', listedAt: '2026-06-29T12:00:00Z' },
  { line: 'iphone-16e', storage: 128, carrier: 'SKT', condition: 'new', price: 990_000, subsidy: 350_000, score: 80, badges: ['공시혜택', '가성비', '초보추천'], hot: true, seller: 'sindorim', listedAt: '2026-02-12T10:00:00Z' },
  { line: 'iphone-16e', storage: 256, carrier: 'LG U+', condition: 'refurbished', price: 690_000, score: 72, badges: ['가성비', '초보추천'], seller: 'refurb', listedAt: '2026-07-17T10:00:00Z' },
  { line: 'iphone-16-pro', storage: 128, carrier: 'KT', condition: 'refurbished', price: 1_050_000, score: 83, badges: ['가성비', '빠른개통'], seller: 'refurb', listedAt: '2026-05-27T10:00:00Z', specialOffer: true },
  { line: 'iphone-16-pro', storage: 256, carrier: 'SKT', condition: 'used', price: 930_000, score: 75, badges: ['가성비'], seller: 'used', listedAt: '2026-09-09T15:00:00Z' },
  { line: 'iphone-15', storage: 128, carrier: 'LG U+', condition: 'used', price: 520_000, score: 68, badges: ['가성비', '초보추천'], seller: 'used', listedAt: '2026-04-22T12:00:00Z' },
  { line: 'iphone-15', storage: 256, carrier: 'KT', condition: 'refurbished', price: 690_000, score: 66, badges: ['가성비'], seller: 'refurb', listedAt: '2026-08-21T10:00:00Z' },
  // Pixel (grey import)
  { line: 'pixel-10', storage: 128, carrier: 'SKT', condition: 'new', price: 1_090_000, score: 78, badges: ['빠른개통'], seller: 'yongsan', listedAt: '2026-01-30T10:00:00Z' },
  { line: 'pixel-10', storage: 256, carrier: 'LG U+', condition: 'used', price: 690_000, score: 69, badges: ['가성비'], seller: 'hongdae', listedAt: '2026-10-11T14:00:00Z' },
  { line: 'pixel-10-pro', storage: 256, carrier: 'KT', condition: 'new', price: 1_550_000, score: 82, badges: ['카드할인', '사은품'], seller: 'yongsan', listedAt: '2026-02-02T10:00:00Z' },
  { line: 'pixel-10-pro', storage: 128, carrier: 'SKT', condition: 'refurbished', price: 990_000, score: 74, badges: ['가성비'], seller: 'refurb', listedAt: '2026-07-30T10:00:00Z' },
  { line: 'pixel-10-pro-xl', storage: 512, carrier: 'LG U+', condition: 'new', price: 1_890_000, score: 80, badges: ['대용량', '카드할인'], seller: 'yongsan', listedAt: '2026-03-18T10:00:00Z' },
  { line: 'pixel-9a', storage: 128, carrier: 'KT', condition: 'new', price: 690_000, score: 73, badges: ['가성비', '초보추천', '빠른개통'], seller: 'sindorim', listedAt: '2026-02-19T10:00:00Z' },
  { line: 'pixel-9a', storage: 128, carrier: 'SKT', condition: 'used', price: 380_000, score: 61, badges: ['가성비'], seller: 'used', listedAt: '2026-11-12T11:00:00Z' },
];

export const seedProducts: SeedProduct[] = LISTINGS.map(toProduct);

// ---------------------------------------------------------------------------------------
// brands

export const seedBrands: SeedBrand[] = [
  { brandId: 'samsung', name: 'Samsung', nameKo: '삼성', logo: '/images/brands/samsung.svg', description: '갤럭시 S·Z·A 시리즈로 국내 점유율 1위를 지키는 스마트폰 브랜드', order: 0 },
  { brandId: 'apple', name: 'Apple', nameKo: '애플', logo: '/images/brands/apple.svg', description: 'iOS와 자체 칩으로 완성도 높은 아이폰을 만드는 브랜드', order: 1 },
  { brandId: 'google', name: 'Google', nameKo: '구글', logo: '/images/brands/google.svg', description: '순정 안드로이드와 AI 카메라의 픽셀 스마트폰 (병행수입)', order: 2 },
  { brandId: 'lg', name: 'LG', nameKo: '엘지', logo: '/images/brands/lg.svg', description: '2021년 휴대폰 사업을 종료한 브랜드로, 현재 판매 중인 모델이 없습니다', order: 3 },
  { brandId: 'xiaomi', name: 'Xiaomi', nameKo: '샤오미', logo: '/images/brands/xiaomi.svg', description: '가성비 높은 레드미·샤오미 시리즈의 글로벌 브랜드 (입고 예정)', order: 4 },
  { brandId: 'oneplus', name: 'OnePlus', nameKo: '원플러스', logo: '/images/brands/oneplus.svg', description: '빠른 충전과 매끄러운 성능으로 알려진 브랜드 (입고 예정)', order: 5 },
];

// ---------------------------------------------------------------------------------------
// static brand catalogue (links into the feed)

const productById = new Map(seedProducts.map((p) => [p.productId, p]));

function brandModel(
  brandId: string,
  productId: string,
  extra: Pick<SeedBrandModel, 'rating' | 'reviewCount' | 'features' | 'availability'> & { verified?: boolean },
): SeedBrandModel {
  const p = productById.get(productId);
  if (!p) throw new Error(`seedData: unknown product ${productId}`);
  const color = p.colors.find((col) => col.available) ?? p.colors[0]!;
  return {
    brandId,
    modelId: `${brandId}-${p.model}-${p.condition}`,
    name: p.name,
    image: p.img,
    price: p.price,
    storage: storageLabel(p.storage),
    color: color.name,
    condition: p.condition,
    rating: extra.rating,
    reviewCount: extra.reviewCount,
    specifications: { display: p.specifications.display, camera: p.specifications.camera, battery: p.specifications.battery, os: p.specifications.os },
    features: [...extra.features],
    availability: extra.availability,
    seller: { name: p.seller.name, rating: p.seller.rating, verified: extra.verified ?? true },
    productId: p.productId,
  };
}

export const seedBrandModels: SeedBrandModel[] = [
  // Samsung (8)
  brandModel('samsung', 'galaxy-s26-ultra-256-skt-new', { rating: 4.9, reviewCount: 1284, availability: 'in-stock', features: ['2억 화소 카메라', '내장 S펜', '갤럭시 AI', '60W 초고속 충전'] }),
  brandModel('samsung', 'galaxy-s26-256-skt-new', { rating: 4.7, reviewCount: 842, availability: 'in-stock', features: ['컴팩트 디자인', '갤럭시 AI', '7년 OS 업데이트'] }),
  brandModel('samsung', 'galaxy-s25-ultra-256-kt-refurbished', { rating: 4.6, reviewCount: 517, availability: 'limited', features: ['정품 리퍼', '배터리 성능 95% 이상', '6개월 보증'] }),
  brandModel('samsung', 'galaxy-s25-256-lgu-used', { rating: 4.3, reviewCount: 203, availability: 'in-stock', features: ['S급 중고', '액정 무결점', '초기화 완료'], verified: false }),
  brandModel('samsung', 'galaxy-z-fold7-256-skt-new', { rating: 4.8, reviewCount: 736, availability: 'limited', features: ['8형 대화면', '역대 가장 얇은 폴드', '2억 화소 카메라'] }),
  brandModel('samsung', 'galaxy-z-flip7-256-skt-new', { rating: 4.7, reviewCount: 958, availability: 'in-stock', features: ['4.1형 플렉스윈도우', '초슬림 폴더블', '셀피 특화'] }),
  brandModel('samsung', 'galaxy-s25-fe-256-skt-new', { rating: 4.5, reviewCount: 611, availability: 'in-stock', features: ['합리적인 플래그십', '3배 망원', '갤럭시 AI'] }),
  brandModel('samsung', 'galaxy-a56-128-kt-new', { rating: 4.4, reviewCount: 1490, availability: 'in-stock', features: ['5,000mAh 배터리', '6년 OS 업데이트', '가성비 추천'] }),
  // Apple (4)
  brandModel('apple', 'iphone-17-pro-256-kt-new', { rating: 4.9, reviewCount: 1672, availability: 'limited', features: ['A19 Pro 칩', '48MP 트리플 카메라', '베이퍼 챔버 냉각'] }),
  brandModel('apple', 'iphone-17-256-kt-new', { rating: 4.8, reviewCount: 1215, availability: 'in-stock', features: ['120Hz 프로모션', '256GB 기본 용량', '센터 스테이지 전면 카메라'] }),
  brandModel('apple', 'iphone-16-pro-128-kt-refurbished', { rating: 4.6, reviewCount: 388, availability: 'limited', features: ['정품 리퍼', '티타늄 디자인', '5배 망원'] }),
  brandModel('apple', 'iphone-15-128-lgu-used', { rating: 4.2, reviewCount: 274, availability: 'in-stock', features: ['USB-C', '다이내믹 아일랜드', '검수 완료 중고'], verified: false }),
  // Google (3)
  brandModel('google', 'pixel-10-pro-256-kt-new', { rating: 4.6, reviewCount: 189, availability: 'limited', features: ['텐서 G5', '100배 프로 레스 줌', '7년 OS 업데이트'] }),
  brandModel('google', 'pixel-10-128-skt-new', { rating: 4.5, reviewCount: 142, availability: 'in-stock', features: ['제미나이 AI', '5배 망원', '순정 안드로이드'] }),
  brandModel('google', 'pixel-9a-128-skt-used', { rating: 4.1, reviewCount: 67, availability: 'in-stock', features: ['카메라 돌출 없는 디자인', '5,100mAh 배터리', '저렴한 픽셀'], verified: false }),
];

// ---------------------------------------------------------------------------------------
// ads

export const seedAds: SeedAd[] = [
  {
    adId: 'ad-s26-ultra-launch',
    title: '갤럭시 S26 울트라 출시 기념',
    description: '최대 60만원 공시지원금 + 정품 케이스 증정',
    img: '/images/ads/ad-s26-ultra-launch.svg',
    badge: '출시 혜택',
    badgeColor: 'red',
    link: '/product/galaxy-s26-ultra-256-skt-new',
    type: 'display',
    placement: 'header',
    order: 1,
    isActive: true,
    startDate: '2026-01-01T00:00:00Z',
    endDate: '2030-12-31T23:59:59Z',
  },
  {
    adId: 'ad-iphone-17-pro',
    title: '아이폰 17 프로 당일 개통',
    description: '최대 45만원 공시지원금, 오후 2시 이전 주문 시 당일 발송',
    img: '/images/ads/ad-iphone-17-pro.svg',
    badge: 'HOT',
    badgeColor: 'orange',
    link: '/product/iphone-17-pro-256-kt-new',
    type: 'display',
    placement: 'header',
    order: 2,
    isActive: true,
    startDate: null,
    endDate: null,
  },
  {
    adId: 'ad-foldable-week',
    title: '폴더블 위크',
    description: '갤럭시 Z 폴드7·플립7 최대 60만원 공시지원금',
    img: '/images/ads/ad-foldable-week.svg',
    badge: '폴더블 특가',
    badgeColor: 'purple',
    link: '/brand/Samsung',
    type: 'display',
    placement: 'header',
    order: 3,
    isActive: true,
    startDate: '2026-01-01T00:00:00Z',
    endDate: null,
  },
  {
    adId: 'ad-price-calculator',
    title: '실구매가 한 번에 계산',
    description: '기기값과 요금제 24개월 총액, 할인까지 투명하게 비교하세요',
    img: '/images/ads/ad-price-calculator.svg',
    badge: '무료 계산',
    badgeColor: 'blue',
    link: '/price-calculator',
    type: 'powerlink',
    placement: 'feed',
    order: 4,
    isActive: true,
    startDate: null,
    endDate: '2030-12-31T23:59:59Z',
  },
  {
    adId: 'ad-trade-in',
    title: '중고폰 보상 판매',
    description: '쓰던 폰 반납하고 최대 30만원 추가 할인',
    img: '/images/ads/ad-trade-in.svg',
    badge: '보상판매',
    badgeColor: 'green',
    link: '/deposit-simulator',
    type: 'display',
    placement: 'sidebar',
    order: 5,
    isActive: false,
    startDate: '2026-01-01T00:00:00Z',
    endDate: '2030-12-31T23:59:59Z',
  },
  {
    adId: 'ad-new-year-2026',
    title: '2026 새해 첫 특가',
    description: '갤럭시 S25 시리즈 최대 50만원 공시지원금',
    img: '/images/ads/ad-new-year-2026.svg',
    badge: '기간 한정',
    badgeColor: 'red',
    link: '/product/galaxy-s25-ultra-256-skt-new',
    type: 'display',
    placement: 'feed',
    order: 6,
    isActive: true,
    startDate: '2026-01-01T00:00:00Z',
    endDate: '2026-03-31T23:59:59Z',
  },
  {
    adId: 'ad-s27-preorder',
    title: '갤럭시 S27 사전예약 알림',
    description: '사전예약 오픈 알림 신청하고 사은품 받으세요',
    img: '/images/ads/ad-s27-preorder.svg',
    badge: '사전예약',
    badgeColor: 'blue',
    link: '/brand/Samsung',
    type: 'brand_search',
    placement: 'header',
    order: 7,
    isActive: true,
    startDate: '2099-01-01T00:00:00Z',
    endDate: null,
  },
];

// ---------------------------------------------------------------------------------------
// plans

export const seedPlans: SeedPlan[] = [
  {
    planId: 'skt-5gx-prime',
    name: '5GX 프라임',
    carrier: 'SKT',
    monthlyFee: 89_000,
    setupFee: 0,
    data: '무제한',
    voice: '집/이동전화 무제한',
    sms: '기본제공',
    benefits: ['T우주 구독 1종 무료', '스마트기기 1회선 무료'],
    discountRate: 0.25,
  },
  {
    planId: 'skt-5g-basic-plus',
    name: '베이직플러스',
    carrier: 'SKT',
    monthlyFee: 59_000,
    setupFee: 11_000,
    data: '12GB',
    voice: '집/이동전화 무제한',
    sms: '기본제공',
    benefits: [],
    discountRate: 0.1,
  },
  {
    planId: 'kt-5g-special',
    name: '5G 스페셜',
    carrier: 'KT',
    monthlyFee: 99_000,
    setupFee: 0,
    data: '무제한',
    voice: '집/이동전화 무제한',
    sms: '기본제공',
    benefits: ['지니뮤직 무료', '티빙 베이직 무료', '로밍 데이터 기본 제공'],
    discountRate: 0.2,
  },
  {
    planId: 'kt-5g-simple',
    name: '5G 심플 100GB',
    carrier: 'KT',
    monthlyFee: 69_000,
    setupFee: 5_500,
    data: '100GB',
    voice: '집/이동전화 무제한',
    sms: '기본제공',
    benefits: ['밀리의 서재 3개월 무료'],
    discountRate: 0.15,
  },
  {
    planId: 'lgu-5g-premier-essential',
    name: '5G 프리미어 에센셜',
    carrier: 'LG U+',
    monthlyFee: 85_000,
    setupFee: 0,
    data: '무제한',
    voice: '집/이동전화 무제한',
    sms: '기본제공',
    benefits: ['유플러스 멤버십 VIP', '디즈니+ 할인'],
    discountRate: 0.25,
  },
  {
    planId: 'lgu-5g-standard',
    name: '5G 스탠다드',
    carrier: 'LG U+',
    monthlyFee: 75_000,
    setupFee: 5_500,
    data: '200GB',
    voice: '집/이동전화 무제한',
    sms: '기본제공',
    benefits: ['U+모바일tv 기본 무료'],
    discountRate: 0,
  },
];
