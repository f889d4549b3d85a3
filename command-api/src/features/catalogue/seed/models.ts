import type { z } from 'zod';
import type { phoneModelDefinedSchema } from '@phonemarket/events/features/offers.ts';
import { LINES, type Line } from './phoneLines.ts';

/**
 * Phone models (issue 10): one compact row per model — series, release date and the storage
 * variants it really has with their 출고가 (2026 Korean prices). Names, specifications, colours and
 * search aliases come from the model lines (`phoneLines.ts`), plus the newer models below.
 */
export type SeedPhoneModel = z.input<typeof phoneModelDefinedSchema>;
type Variants = readonly (readonly [storage: number, releasePrice: number])[];
interface ModelRow { readonly series: string; readonly releasedAt: string; readonly variants: Variants }

const c = (name: string, hex: string, available = true) => ({ name, hex, available });
const GALAXY = ['갤럭시', 'galaxy', '삼성', 'samsung'];
const IPHONE = ['아이폰', 'iphone', '애플', 'apple'];
const PIXEL = ['픽셀', 'pixel', '구글', 'google'];
const android = (ui: string) => `Android 16 (${ui})`;

/** Models newer (or older) than the original lines: the same fields, written compactly. */
const MORE_LINES: Record<string, Line> = {
  'galaxy-s24': {
    brand: 'Samsung', nameKo: '갤럭시 S24', folding: false,
    description: '갤럭시 AI를 처음 담은 6.2형 컴팩트 플래그십. 7년 OS 업데이트를 지원합니다.',
    specifications: { display: '6.2형 FHD+ Dynamic AMOLED 2X (120Hz)', camera: '50MP 광각 + 12MP 초광각 + 10MP 망원(3배)', battery: '4,000mAh', os: android('One UI 8'), chip: 'Exynos 2400', weight: '167g' },
    colors: [c('오닉스 블랙', '#2B2C30'), c('마블 그레이', '#C8C9CB'), c('코발트 바이올렛', '#5B4B8A'), c('앰버 옐로우', '#F1D98B', false)],
    aliases: [...GALAXY, '갤럭시 S24', 'galaxy s24', 's24'],
  },
  'galaxy-s24-ultra': {
    brand: 'Samsung', nameKo: '갤럭시 S24 울트라', folding: false,
    description: '티타늄 프레임과 S펜, 2억 화소 카메라를 갖춘 2024년 갤럭시 최상위 모델.',
    specifications: { display: '6.8형 QHD+ Dynamic AMOLED 2X (120Hz)', camera: '200MP 광각 + 12MP 초광각 + 50MP 망원(5배) + 10MP 망원(3배)', battery: '5,000mAh', os: android('One UI 8'), chip: 'Snapdragon 8 Gen 3 for Galaxy', weight: '232g' },
    colors: [c('티타늄 블랙', '#2E2F33'), c('티타늄 그레이', '#8E8C87'), c('티타늄 바이올렛', '#6E6383'), c('티타늄 옐로우', '#E8DDB5', false)],
    aliases: [...GALAXY, '갤럭시 S24 울트라', 'galaxy s24 ultra', 's24 ultra', 's24 울트라'],
  },
  'galaxy-s25-edge': {
    brand: 'Samsung', nameKo: '갤럭시 S25 엣지', folding: false,
    description: '두께 5.8mm, 무게 163g의 가장 얇은 갤럭시 S. 2억 화소 카메라를 그대로 담았습니다.',
    specifications: { display: '6.7형 QHD+ Dynamic AMOLED 2X (120Hz)', camera: '200MP 광각 + 12MP 초광각', battery: '3,900mAh', os: android('One UI 8'), chip: 'Snapdragon 8 Elite for Galaxy', weight: '163g' },
    colors: [c('티타늄 실버', '#D5D6D8'), c('티타늄 제트블랙', '#111214'), c('티타늄 아이스블루', '#BFD3E6', false)],
    aliases: [...GALAXY, '갤럭시 S25 엣지', 'galaxy s25 edge', 's25 edge', '엣지'],
  },
  'galaxy-z-flip7-fe': {
    brand: 'Samsung', nameKo: '갤럭시 Z 플립7 FE', folding: true,
    description: '플립의 접는 즐거움을 합리적인 가격에. 3.4형 커버 화면과 50MP 카메라.',
    specifications: { display: '메인 6.7형 FHD+ / 커버 3.4형 Super AMOLED', camera: '50MP 광각 + 12MP 초광각', battery: '4,000mAh', os: android('One UI 8'), chip: 'Exynos 2400', weight: '187g' },
    colors: [c('블랙', '#1C1C1E'), c('화이트', '#F2F2F0')],
    aliases: [...GALAXY, '플립', 'flip', '플립7 FE', 'flip7 fe', '갤럭시 Z 플립7 FE', '폴더블'],
  },
  'galaxy-z-flip8': {
    brand: 'Samsung', nameKo: '갤럭시 Z 플립8', folding: true,
    description: '2026년 하반기 플립. 더 커진 플렉스윈도우와 주름을 줄인 힌지, 5,000mAh 배터리.',
    specifications: { display: '메인 6.9형 FHD+ / 커버 4.1형 Super AMOLED', camera: '50MP 광각 + 12MP 초광각', battery: '5,000mAh', os: android('One UI 9'), chip: 'Exynos 2600', weight: '185g' },
    colors: [c('아이시 블루', '#A7C4DD'), c('제트블랙', '#1C1C1E'), c('코랄', '#E5624F'), c('라벤더', '#C9BEE3', false)],
    aliases: [...GALAXY, '플립', 'flip', '플립8', 'flip8', '갤럭시 Z 플립8', 'galaxy z flip8', '폴더블'],
  },
  'galaxy-z-fold8': {
    brand: 'Samsung', nameKo: '갤럭시 Z 폴드8', folding: true,
    description: '2026년 하반기 폴드. 접었을 때 8.6mm, 8.2형 메인 화면과 2억 화소 카메라.',
    specifications: { display: '메인 8.2형 QXGA+ / 커버 6.5형 Dynamic AMOLED 2X', camera: '200MP 광각 + 12MP 초광각 + 10MP 망원(3배)', battery: '4,800mAh', os: android('One UI 9'), chip: 'Snapdragon 8 Elite Gen 5 for Galaxy', weight: '210g' },
    colors: [c('블루 섀도우', '#3D5A80'), c('실버 섀도우', '#C9CBCF'), c('제트블랙', '#1C1C1E'), c('민트', '#BFE3D0', false)],
    aliases: [...GALAXY, '폴드', 'fold', '폴드8', 'fold8', '갤럭시 Z 폴드8', 'galaxy z fold8', '폴더블'],
  },
  'galaxy-a57': {
    brand: 'Samsung', nameKo: '갤럭시 A57', folding: false,
    description: '6.7형 대화면과 5,000mAh 배터리, 6년 OS 업데이트의 2026년 A 시리즈.',
    specifications: { display: '6.7형 FHD+ Super AMOLED (120Hz)', camera: '50MP 광각 + 12MP 초광각 + 5MP 매크로', battery: '5,000mAh', os: android('One UI 8.5'), chip: 'Exynos 1680', weight: '195g' },
    colors: [c('어썸 네이비', '#2C3650'), c('어썸 아이스블루', '#BCD6EA'), c('어썸 라일락', '#CDBFE0', false)],
    aliases: [...GALAXY, '갤럭시 A57', 'galaxy a57', 'a57'],
  },
  'galaxy-a37': {
    brand: 'Samsung', nameKo: '갤럭시 A37', folding: false,
    description: '가볍게 쓰기 좋은 2026년 보급형 갤럭시. IP67 방수방진과 5,000mAh 배터리.',
    specifications: { display: '6.7형 FHD+ Super AMOLED (120Hz)', camera: '50MP 광각 + 8MP 초광각 + 5MP 매크로', battery: '5,000mAh', os: android('One UI 8.5'), chip: 'Snapdragon 6 Gen 3', weight: '190g' },
    colors: [c('어썸 블랙', '#222225'), c('어썸 화이트', '#F3F3F1'), c('어썸 민트', '#BFE3D0')],
    aliases: [...GALAXY, '갤럭시 A37', 'galaxy a37', 'a37'],
  },
  'galaxy-a17': {
    brand: 'Samsung', nameKo: '갤럭시 A17', folding: false,
    description: '30만원대 입문용 5G 갤럭시. 6년 OS 업데이트로 오래 씁니다.',
    specifications: { display: '6.7형 FHD+ Super AMOLED (90Hz)', camera: '50MP 광각 + 5MP 초광각 + 2MP 매크로', battery: '5,000mAh', os: android('One UI 8'), chip: 'Exynos 1330', weight: '192g' },
    colors: [c('블랙', '#1E1E20'), c('라이트그레이', '#D4D6D9'), c('블루', '#A9C6E8', false)],
    aliases: [...GALAXY, '갤럭시 A17', 'galaxy a17', 'a17'],
  },
  'iphone-17e': {
    brand: 'Apple', nameKo: '아이폰 17e', folding: false,
    description: 'A19 칩과 48MP 카메라를 담은 가장 합리적인 아이폰 17 라인업.',
    specifications: { display: '6.1형 Super Retina XDR', camera: '48MP 퓨전', battery: '최대 26시간 동영상 재생', os: 'iOS 26', chip: 'A19', weight: '167g' },
    colors: [c('블랙', '#1D1D1F'), c('화이트', '#F5F5F3'), c('소프트 핑크', '#F2D4DA', false)],
    aliases: [...IPHONE, '아이폰 17e', 'iphone 17e', '17e'],
  },
  'iphone-18-pro': {
    brand: 'Apple', nameKo: '아이폰 18 프로', folding: false,
    description: '2026년 가을 아이폰 프로. A20 Pro 칩, 가변 조리개 48MP 카메라, 더 작아진 다이내믹 아일랜드.',
    specifications: { display: '6.3형 Super Retina XDR (프로모션)', camera: '48MP 퓨전(가변 조리개) + 48MP 초광각 + 48MP 망원(4배)', battery: '최대 33시간 동영상 재생', os: 'iOS 27', chip: 'A20 Pro', weight: '204g' },
    colors: [c('다크 체리', '#5A1F2B'), c('딥 블루', '#2C3E5C'), c('실버', '#E3E4E5'), c('라이트 블루', '#BCD4EA', false)],
    aliases: [...IPHONE, '아이폰 18 프로', 'iphone 18 pro', '18 pro', '18프로'],
  },
  'iphone-18-pro-max': {
    brand: 'Apple', nameKo: '아이폰 18 프로 맥스', folding: false,
    description: '아이폰 중 가장 큰 6.9형 화면과 가장 긴 배터리. A20 Pro 칩과 가변 조리개 카메라.',
    specifications: { display: '6.9형 Super Retina XDR (프로모션)', camera: '48MP 퓨전(가변 조리개) + 48MP 초광각 + 48MP 망원(4배)', battery: '최대 39시간 동영상 재생', os: 'iOS 27', chip: 'A20 Pro', weight: '233g' },
    colors: [c('다크 체리', '#5A1F2B'), c('딥 블루', '#2C3E5C'), c('실버', '#E3E4E5', false)],
    aliases: [...IPHONE, '아이폰 18 프로 맥스', 'iphone 18 pro max', '18 pro max', '프로맥스'],
  },
  'iphone-16-pro-max': {
    brand: 'Apple', nameKo: '아이폰 16 프로 맥스', folding: false,
    description: '6.9형 화면과 5배 망원, 티타늄 디자인의 2024년 아이폰 최상위 모델.',
    specifications: { display: '6.9형 Super Retina XDR (프로모션)', camera: '48MP 퓨전 + 48MP 초광각 + 12MP 망원(5배)', battery: '최대 33시간 동영상 재생', os: 'iOS 26', chip: 'A18 Pro', weight: '227g' },
    colors: [c('데저트 티타늄', '#C4AD92'), c('내추럴 티타늄', '#BAB4A9'), c('블랙 티타늄', '#2F2F31', false)],
    aliases: [...IPHONE, '아이폰 16 프로 맥스', 'iphone 16 pro max', '16 pro max'],
  },
  'iphone-16-plus': {
    brand: 'Apple', nameKo: '아이폰 16 플러스', folding: false,
    description: '6.7형 대화면과 넉넉한 배터리의 아이폰 16 플러스. 카메라 컨트롤 버튼 탑재.',
    specifications: { display: '6.7형 Super Retina XDR', camera: '48MP 퓨전 + 12MP 초광각', battery: '최대 27시간 동영상 재생', os: 'iOS 26', chip: 'A18', weight: '199g' },
    colors: [c('울트라마린', '#5A6FD8'), c('틸', '#9BC7C1'), c('블랙', '#1D1D1F'), c('핑크', '#F2C1D1', false)],
    aliases: [...IPHONE, '아이폰 16 플러스', 'iphone 16 plus', '16 plus', '16+'],
  },
  'pixel-11': {
    brand: 'Google', nameKo: '픽셀 11', folding: false,
    description: '텐서 G6와 제미나이로 더 똑똑해진 2026년 픽셀. 국내 통신 3사 유심으로 바로 개통되는 자급제폰.',
    specifications: { display: '6.3형 Actua OLED (120Hz)', camera: '50MP 광각 + 13MP 초광각 + 10.8MP 망원(5배)', battery: '4,970mAh', os: 'Android 17', chip: 'Google Tensor G6', weight: '204g' },
    colors: [c('옵시디언', '#2A2B2E'), c('프로스트', '#DDE3EA'), c('피오니', '#E8A2B4', false)],
    aliases: [...PIXEL, '픽셀 11', 'pixel 11'],
  },
  'pixel-11-pro': {
    brand: 'Google', nameKo: '픽셀 11 프로', folding: false,
    description: '100배 프로 레스 줌과 텐서 G6의 2026년 픽셀 프로 (병행수입 자급제).',
    specifications: { display: '6.3형 Super Actua OLED (LTPO 120Hz)', camera: '50MP 광각 + 48MP 초광각 + 48MP 망원(5배)', battery: '4,870mAh', os: 'Android 17', chip: 'Google Tensor G6', weight: '207g' },
    colors: [c('옵시디언', '#2A2B2E'), c('포슬린', '#EDE6DC'), c('문스톤', '#8E98A3', false)],
    aliases: [...PIXEL, '픽셀 11 프로', 'pixel 11 pro'],
  },
};

const ALL_LINES: Record<string, Line> = { ...LINES, ...MORE_LINES };

/** Model id → series, release date, variants [storage, 출고가]. */
const MODEL_ROWS: Record<string, ModelRow> = {
  'galaxy-s24': { series: '갤럭시 S', releasedAt: '2024-01-31', variants: [[256, 1_155_000], [512, 1_276_000]] },
  'galaxy-s24-ultra': { series: '갤럭시 S', releasedAt: '2024-01-31', variants: [[256, 1_698_400], [512, 1_841_000], [1024, 2_127_400]] },
  'galaxy-s25': { series: '갤럭시 S', releasedAt: '2025-02-07', variants: [[256, 1_155_000], [512, 1_309_000]] },
  'galaxy-s25-plus': { series: '갤럭시 S', releasedAt: '2025-02-07', variants: [[256, 1_353_000], [512, 1_507_000]] },
  'galaxy-s25-ultra': { series: '갤럭시 S', releasedAt: '2025-02-07', variants: [[256, 1_698_400], [512, 1_852_400], [1024, 2_160_400]] },
  'galaxy-s25-edge': { series: '갤럭시 S', releasedAt: '2025-05-30', variants: [[256, 1_496_000], [512, 1_628_000]] },
  'galaxy-s25-fe': { series: '갤럭시 S', releasedAt: '2025-09-05', variants: [[256, 946_000], [512, 1_100_000]] },
  'galaxy-s26': { series: '갤럭시 S', releasedAt: '2026-03-06', variants: [[256, 1_254_000], [512, 1_408_000]] },
  'galaxy-s26-plus': { series: '갤럭시 S', releasedAt: '2026-03-06', variants: [[256, 1_452_000], [512, 1_606_000]] },
  'galaxy-s26-ultra': { series: '갤럭시 S', releasedAt: '2026-03-06', variants: [[256, 1_797_400], [512, 1_951_400], [1024, 2_259_400]] },
  'galaxy-z-flip6': { series: '갤럭시 Z', releasedAt: '2024-07-24', variants: [[256, 1_485_000], [512, 1_643_400]] },
  'galaxy-z-fold6': { series: '갤럭시 Z', releasedAt: '2024-07-24', variants: [[256, 2_229_700], [512, 2_387_000], [1024, 2_701_600]] },
  'galaxy-z-flip7': { series: '갤럭시 Z', releasedAt: '2025-07-25', variants: [[256, 1_485_000], [512, 1_639_000]] },
  'galaxy-z-flip7-fe': { series: '갤럭시 Z', releasedAt: '2025-07-25', variants: [[128, 1_199_000], [256, 1_309_000]] },
  'galaxy-z-fold7': { series: '갤럭시 Z', releasedAt: '2025-07-25', variants: [[256, 2_379_300], [512, 2_537_700], [1024, 2_933_700]] },
  'galaxy-z-flip8': { series: '갤럭시 Z', releasedAt: '2026-07-24', variants: [[256, 1_529_000], [512, 1_683_000]] },
  'galaxy-z-fold8': { series: '갤럭시 Z', releasedAt: '2026-07-24', variants: [[256, 2_429_300], [512, 2_587_700], [1024, 2_983_700]] },
  'galaxy-a16': { series: '갤럭시 A', releasedAt: '2024-12-13', variants: [[128, 319_000]] },
  'galaxy-a17': { series: '갤럭시 A', releasedAt: '2025-10-17', variants: [[128, 349_800]] },
  'galaxy-a36': { series: '갤럭시 A', releasedAt: '2025-03-21', variants: [[128, 499_400]] },
  'galaxy-a37': { series: '갤럭시 A', releasedAt: '2026-03-20', variants: [[128, 539_000]] },
  'galaxy-a56': { series: '갤럭시 A', releasedAt: '2025-03-21', variants: [[128, 599_500], [256, 649_000]] },
  'galaxy-a57': { series: '갤럭시 A', releasedAt: '2026-03-20', variants: [[128, 649_000], [256, 699_000]] },
  'galaxy-quantum5': { series: '갤럭시 퀀텀', releasedAt: '2024-05-21', variants: [[128, 618_200]] },
  'iphone-15': { series: '아이폰', releasedAt: '2023-10-13', variants: [[128, 1_250_000], [256, 1_400_000]] },
  'iphone-16': { series: '아이폰', releasedAt: '2024-09-20', variants: [[128, 1_250_000], [256, 1_400_000], [512, 1_700_000]] },
  'iphone-16-plus': { series: '아이폰', releasedAt: '2024-09-20', variants: [[128, 1_350_000], [256, 1_500_000]] },
  'iphone-16-pro': { series: '아이폰 Pro', releasedAt: '2024-09-20', variants: [[128, 1_550_000], [256, 1_700_000], [512, 2_000_000], [1024, 2_300_000]] },
  'iphone-16-pro-max': { series: '아이폰 Pro', releasedAt: '2024-09-20', variants: [[256, 1_900_000], [512, 2_200_000], [1024, 2_500_000]] },
  'iphone-16e': { series: '아이폰', releasedAt: '2025-02-28', variants: [[128, 990_000], [256, 1_140_000], [512, 1_440_000]] },
  'iphone-17': { series: '아이폰', releasedAt: '2025-09-19', variants: [[256, 1_290_000], [512, 1_590_000]] },
  'iphone-17-pro': { series: '아이폰 Pro', releasedAt: '2025-09-19', variants: [[256, 1_790_000], [512, 2_090_000], [1024, 2_390_000]] },
  'iphone-17-pro-max': { series: '아이폰 Pro', releasedAt: '2025-09-19', variants: [[256, 1_990_000], [512, 2_290_000], [1024, 2_590_000]] },
  'iphone-air': { series: '아이폰', releasedAt: '2025-09-19', variants: [[256, 1_590_000], [512, 1_890_000], [1024, 2_190_000]] },
  'iphone-17e': { series: '아이폰', releasedAt: '2026-02-27', variants: [[256, 990_000], [512, 1_290_000]] },
  'iphone-18-pro': { series: '아이폰 Pro', releasedAt: '2026-09-25', variants: [[256, 1_850_000], [512, 2_150_000], [1024, 2_450_000]] },
  'iphone-18-pro-max': { series: '아이폰 Pro', releasedAt: '2026-09-25', variants: [[256, 2_050_000], [512, 2_350_000], [1024, 2_650_000]] },
  'pixel-9a': { series: '픽셀 a', releasedAt: '2025-04-10', variants: [[128, 690_000], [256, 790_000]] },
  'pixel-10': { series: '픽셀', releasedAt: '2025-08-28', variants: [[128, 1_090_000], [256, 1_240_000]] },
  'pixel-10-pro': { series: '픽셀', releasedAt: '2025-08-28', variants: [[128, 1_390_000], [256, 1_550_000], [512, 1_790_000]] },
  'pixel-10-pro-xl': { series: '픽셀', releasedAt: '2025-08-28', variants: [[256, 1_690_000], [512, 1_890_000]] },
  'pixel-11': { series: '픽셀', releasedAt: '2026-08-27', variants: [[128, 1_120_000], [256, 1_270_000]] },
  'pixel-11-pro': { series: '픽셀', releasedAt: '2026-08-27', variants: [[256, 1_590_000], [512, 1_830_000]] },
};

export const seedPhoneModels: SeedPhoneModel[] = Object.entries(MODEL_ROWS).map(([modelId, row]) => {
  const line = ALL_LINES[modelId];
  if (!line) throw new Error(`seed: no line for model ${modelId}`);
  return {
    modelId,
    brand: line.brand,
    name: line.nameKo,
    series: row.series,
    releasedAt: row.releasedAt,
    description: line.description,
    specifications: { ...line.specifications },
    colors: line.colors.map((col) => ({ ...col })),
    variants: row.variants.map(([storage, releasePrice]) => ({ storage, releasePrice })),
    fiveG: true,
    folding: line.folding,
    aliases: [...line.aliases],
  };
});
