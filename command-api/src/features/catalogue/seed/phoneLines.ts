import type { z } from 'zod';
import type { phoneModelDefinedSchema } from '@phonemarket/events/features/offers.ts';

/** Model lines: what every unit of a phone shares (name, specifications, colours, search aliases). */
type Color = z.input<typeof phoneModelDefinedSchema>['colors'][number];
type Specifications = z.input<typeof phoneModelDefinedSchema>['specifications'];

export interface Line {
  readonly brand: 'Samsung' | 'Apple' | 'Google';
  /** Korean display name without storage, e.g. '갤럭시 S25 울트라'. */
  readonly nameKo: string;
  readonly folding: boolean;
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

export const LINES = {
  'galaxy-s25': {
    brand: 'Samsung',
    nameKo: '갤럭시 S25',
    folding: false,
    description: '한 손에 쏙 들어오는 6.2형 컴팩트 플래그십. 스냅드래곤 8 Elite for Galaxy와 갤럭시 AI로 사진 편집·통역까지 빠르게 처리합니다.',
    specifications: { display: '6.2형 FHD+ Dynamic AMOLED 2X (120Hz)', camera: '50MP 광각 + 12MP 초광각 + 10MP 망원(3배)', battery: '4,000mAh', os: 'Android 16 (One UI 8)', chip: 'Snapdragon 8 Elite for Galaxy', weight: '162g' },
    colors: [c('아이시블루', '#A7C4DD'), c('민트', '#BFE3D0'), c('네이비', '#2B3A55'), c('실버 섀도우', '#C9CBCF'), c('코랄레드', '#E5624F', false)],
    aliases: [...GALAXY, '갤럭시 S25', 'galaxy s25', 's25'],
  },
  'galaxy-s25-plus': {
    brand: 'Samsung',
    nameKo: '갤럭시 S25+',
    folding: false,
    description: '6.7형 QHD+ 대화면과 4,900mAh 배터리를 갖춘 S25 플러스. 45W 초고속 충전을 지원합니다.',
    specifications: { display: '6.7형 QHD+ Dynamic AMOLED 2X (120Hz)', camera: '50MP 광각 + 12MP 초광각 + 10MP 망원(3배)', battery: '4,900mAh', os: 'Android 16 (One UI 8)', chip: 'Snapdragon 8 Elite for Galaxy', weight: '190g' },
    colors: [c('네이비', '#2B3A55'), c('아이시블루', '#A7C4DD'), c('실버 섀도우', '#C9CBCF'), c('블루블랙', '#1F2A3A', false)],
    aliases: [...GALAXY, '갤럭시 S25 플러스', 'galaxy s25 plus', 's25+', 's25 plus'],
  },
  'galaxy-s25-ultra': {
    brand: 'Samsung',
    nameKo: '갤럭시 S25 울트라',
    folding: false,
    description: '2억 화소 카메라와 S펜을 품은 티타늄 플래그십. 5배 광학 줌과 프로비주얼 엔진으로 야간 촬영도 선명합니다.',
    specifications: { display: '6.9형 QHD+ Dynamic AMOLED 2X (120Hz)', camera: '200MP 광각 + 50MP 초광각 + 50MP 망원(5배) + 10MP 망원(3배)', battery: '5,000mAh', os: 'Android 16 (One UI 8)', chip: 'Snapdragon 8 Elite for Galaxy', weight: '218g' },
    colors: [c('티타늄 실버블루', '#9FB3C8'), c('티타늄 블랙', '#2E2F33'), c('티타늄 그레이', '#8E8C87'), c('티타늄 화이트실버', '#E6E6E3'), c('티타늄 제트블랙', '#111214', false)],
    aliases: [...GALAXY, '갤럭시 S25 울트라', 'galaxy s25 ultra', 's25 ultra', 's25 울트라'],
  },
  'galaxy-s25-fe': {
    brand: 'Samsung',
    nameKo: '갤럭시 S25 FE',
    folding: false,
    description: '플래그십 카메라와 갤럭시 AI를 합리적인 가격에 담은 팬 에디션. 6.7형 대화면과 4,900mAh 배터리.',
    specifications: { display: '6.7형 FHD+ Dynamic AMOLED 2X (120Hz)', camera: '50MP 광각 + 12MP 초광각 + 8MP 망원(3배)', battery: '4,900mAh', os: 'Android 16 (One UI 8)', chip: 'Exynos 2400', weight: '190g' },
    colors: [c('네이비', '#2B3A55'), c('아이시블루', '#A7C4DD'), c('화이트', '#F4F4F2'), c('제트블랙', '#151517', false)],
    aliases: [...GALAXY, '갤럭시 S25 FE', 'galaxy s25 fe', 's25 fe', '팬에디션'],
  },
  'galaxy-s26': {
    brand: 'Samsung',
    nameKo: '갤럭시 S26',
    folding: false,
    description: '2026년 상반기 출시된 갤럭시 S26. 더 커진 6.3형 화면과 4,300mAh 배터리, 한층 똑똑해진 갤럭시 AI를 담았습니다.',
    specifications: { display: '6.3형 FHD+ Dynamic AMOLED 2X (120Hz)', camera: '50MP 광각 + 12MP 초광각 + 12MP 망원(3배)', battery: '4,300mAh', os: 'Android 16 (One UI 8.5)', chip: 'Exynos 2600', weight: '167g' },
    colors: [c('코발트 바이올렛', '#5B4B8A'), c('스카이블루', '#9CC3E6'), c('블랙', '#1C1C1E'), c('화이트', '#F2F2F0'), c('핑크골드', '#E9C5B5', false)],
    aliases: [...GALAXY, '갤럭시 S26', 'galaxy s26', 's26'],
  },
  'galaxy-s26-plus': {
    brand: 'Samsung',
    nameKo: '갤럭시 S26+',
    folding: false,
    description: '6.7형 QHD+ 대화면과 대용량 배터리를 갖춘 갤럭시 S26 플러스. 45W 초고속 충전 지원.',
    specifications: { display: '6.7형 QHD+ Dynamic AMOLED 2X (120Hz)', camera: '50MP 광각 + 12MP 초광각 + 12MP 망원(3배)', battery: '4,900mAh', os: 'Android 16 (One UI 8.5)', chip: 'Exynos 2600', weight: '190g' },
    colors: [c('코발트 바이올렛', '#5B4B8A'), c('블랙', '#1C1C1E'), c('화이트', '#F2F2F0'), c('실버 섀도우', '#C9CBCF', false)],
    aliases: [...GALAXY, '갤럭시 S26 플러스', 'galaxy s26 plus', 's26+', 's26 plus'],
  },
  'galaxy-s26-ultra': {
    brand: 'Samsung',
    nameKo: '갤럭시 S26 울트라',
    folding: false,
    description: '2026년 갤럭시 최상위 모델. 2억 화소 카메라, 내장 S펜, 사생활 보호 디스플레이와 60W 초고속 충전을 지원합니다.',
    specifications: { display: '6.9형 QHD+ Dynamic AMOLED 2X (120Hz)', camera: '200MP 광각 + 50MP 초광각 + 50MP 망원(5배) + 10MP 망원(3배)', battery: '5,000mAh', os: 'Android 16 (One UI 8.5)', chip: 'Snapdragon 8 Elite Gen 5 for Galaxy', weight: '214g' },
    colors: [c('티타늄 블랙', '#2E2F33'), c('티타늄 실버', '#D5D6D8'), c('코발트 바이올렛', '#5B4B8A'), c('스카이블루', '#9CC3E6'), c('티타늄 핑크골드', '#E3C4B2', false)],
    aliases: [...GALAXY, '갤럭시 S26 울트라', 'galaxy s26 ultra', 's26 ultra', 's26 울트라'],
  },
  'galaxy-z-flip7': {
    brand: 'Samsung',
    nameKo: '갤럭시 Z 플립7',
    folding: true,
    description: '4.1형 플렉스윈도우로 접은 채 거의 모든 앱을 쓰는 플립7. 역대 가장 얇은 플립으로 주머니에 쏙 들어갑니다.',
    specifications: { display: '메인 6.9형 FHD+ / 커버 4.1형 Super AMOLED', camera: '50MP 광각 + 12MP 초광각', battery: '4,300mAh', os: 'Android 16 (One UI 8)', chip: 'Exynos 2500', weight: '188g' },
    colors: [c('블루 섀도우', '#3D5A80'), c('제트블랙', '#1C1C1E'), c('코랄레드', '#E5624F'), c('민트', '#BFE3D0', false)],
    aliases: [...GALAXY, '플립', 'flip', '플립7', 'flip7', '갤럭시 Z 플립7', 'galaxy z flip7', 'z플립7', '폴더블'],
  },
  'galaxy-z-fold7': {
    brand: 'Samsung',
    nameKo: '갤럭시 Z 폴드7',
    folding: true,
    description: '접으면 8.9mm, 펼치면 8형 대화면. 2억 화소 카메라를 처음 담은 가장 얇고 가벼운 폴드입니다.',
    specifications: { display: '메인 8.0형 QXGA+ / 커버 6.5형 Dynamic AMOLED 2X', camera: '200MP 광각 + 12MP 초광각 + 10MP 망원(3배)', battery: '4,400mAh', os: 'Android 16 (One UI 8)', chip: 'Snapdragon 8 Elite for Galaxy', weight: '215g' },
    colors: [c('블루 섀도우', '#3D5A80'), c('실버 섀도우', '#C9CBCF'), c('제트블랙', '#1C1C1E'), c('민트', '#BFE3D0', false)],
    aliases: [...GALAXY, '폴드', 'fold', '폴드7', 'fold7', '갤럭시 Z 폴드7', 'galaxy z fold7', 'z폴드7', '폴더블'],
  },
  'galaxy-z-flip6': {
    brand: 'Samsung',
    nameKo: '갤럭시 Z 플립6',
    folding: true,
    description: '5천만 화소 카메라와 3.4형 플렉스윈도우를 갖춘 플립6. 리퍼·중고로 부담 없이 만나는 폴더블.',
    specifications: { display: '메인 6.7형 FHD+ / 커버 3.4형 Super AMOLED', camera: '50MP 광각 + 12MP 초광각', battery: '4,000mAh', os: 'Android 16 (One UI 8)', chip: 'Snapdragon 8 Gen 3 for Galaxy', weight: '187g' },
    colors: [c('실버 섀도우', '#C9CBCF'), c('옐로우', '#F3E59A'), c('블루', '#A9C6E8'), c('민트', '#BFE3D0', false)],
    aliases: [...GALAXY, '플립', 'flip', '플립6', 'flip6', '갤럭시 Z 플립6', 'galaxy z flip6', '폴더블'],
  },
  'galaxy-z-fold6': {
    brand: 'Samsung',
    nameKo: '갤럭시 Z 폴드6',
    folding: true,
    description: '7.6형 메인 화면으로 멀티태스킹에 강한 폴드6. 검수 완료 리퍼·중고 물량을 합리적인 가격에.',
    specifications: { display: '메인 7.6형 QXGA+ / 커버 6.3형 Dynamic AMOLED 2X', camera: '50MP 광각 + 12MP 초광각 + 10MP 망원(3배)', battery: '4,400mAh', os: 'Android 16 (One UI 8)', chip: 'Snapdragon 8 Gen 3 for Galaxy', weight: '239g' },
    colors: [c('실버 섀도우', '#C9CBCF'), c('핑크', '#EBC7CF'), c('네이비', '#2B3A55'), c('크래프티드 블랙', '#1F1F21', false)],
    aliases: [...GALAXY, '폴드', 'fold', '폴드6', 'fold6', '갤럭시 Z 폴드6', 'galaxy z fold6', '폴더블'],
  },
  'galaxy-a56': {
    brand: 'Samsung',
    nameKo: '갤럭시 A56',
    folding: false,
    description: '6.7형 120Hz 화면과 5,000mAh 배터리, 6년 OS 업데이트를 보장하는 실속형 갤럭시.',
    specifications: { display: '6.7형 FHD+ Super AMOLED (120Hz)', camera: '50MP 광각 + 12MP 초광각 + 5MP 접사', battery: '5,000mAh', os: 'Android 16 (One UI 8)', chip: 'Exynos 1580', weight: '198g' },
    colors: [c('어썸 그라파이트', '#3A3B3F'), c('어썸 라이트그레이', '#D9DADC'), c('어썸 올리브', '#A3AE8A'), c('어썸 핑크', '#EFC6D0', false)],
    aliases: [...GALAXY, '갤럭시 A56', 'galaxy a56', 'a56', '보급형'],
  },
  'galaxy-a36': {
    brand: 'Samsung',
    nameKo: '갤럭시 A36',
    folding: false,
    description: '슬림한 디자인에 5,000mAh 배터리와 45W 충전을 갖춘 갤럭시 A36. 부모님·학생용으로 인기.',
    specifications: { display: '6.7형 FHD+ Super AMOLED (120Hz)', camera: '50MP 광각 + 8MP 초광각 + 5MP 접사', battery: '5,000mAh', os: 'Android 16 (One UI 8)', chip: 'Snapdragon 6 Gen 3', weight: '195g' },
    colors: [c('어썸 블랙', '#222225'), c('어썸 화이트', '#F3F3F1'), c('어썸 라벤더', '#C9BEE3'), c('어썸 라임', '#D8E8A6', false)],
    aliases: [...GALAXY, '갤럭시 A36', 'galaxy a36', 'a36', '보급형'],
  },
  'galaxy-a16': {
    brand: 'Samsung',
    nameKo: '갤럭시 A16',
    folding: false,
    description: '30만원대 5G 입문폰. 6.7형 슈퍼 아몰레드와 5,000mAh 배터리, 6세대 OS 업데이트 지원.',
    specifications: { display: '6.7형 FHD+ Super AMOLED (90Hz)', camera: '50MP 광각 + 5MP 초광각 + 2MP 접사', battery: '5,000mAh', os: 'Android 15 (One UI 7)', chip: 'Exynos 1330', weight: '200g' },
    colors: [c('블랙', '#1E1E20'), c('라이트그레이', '#D4D6D9'), c('라이트그린', '#C7E0C4', false)],
    aliases: [...GALAXY, '갤럭시 A16', 'galaxy a16', 'a16', '효도폰', '보급형'],
  },
  'galaxy-quantum5': {
    brand: 'Samsung',
    nameKo: '갤럭시 퀀텀5',
    folding: false,
    description: 'SKT 전용 양자보안(QRNG) 칩을 탑재한 갤럭시 퀀텀5. 금융·인증 앱을 더 안전하게 사용할 수 있습니다.',
    specifications: { display: '6.6형 FHD+ Super AMOLED (120Hz)', camera: '50MP 광각 + 12MP 초광각 + 5MP 접사', battery: '5,000mAh', os: 'Android 15 (One UI 7)', chip: 'Exynos 1480', weight: '213g' },
    colors: [c('어썸 아이스블루', '#BCD6EA'), c('어썸 네이비', '#2C3650'), c('어썸 라일락', '#CDBFE0', false)],
    aliases: [...GALAXY, '갤럭시 퀀텀5', 'galaxy quantum5', '퀀텀', 'quantum', '퀀텀5'],
  },
  'iphone-17': {
    brand: 'Apple',
    nameKo: '아이폰 17',
    folding: false,
    description: '기본 모델 최초로 120Hz 프로모션 디스플레이와 256GB 시작 용량을 갖춘 아이폰 17. 센터 스테이지 전면 카메라 탑재.',
    specifications: { display: '6.3형 Super Retina XDR (ProMotion 120Hz)', camera: '48MP Fusion + 48MP 초광각', battery: '최대 30시간 동영상 재생', os: 'iOS 26', chip: 'A19', weight: '177g' },
    colors: [c('라벤더', '#D8CFE8'), c('미스트 블루', '#A9C2D6'), c('세이지', '#B5C2A8'), c('화이트', '#F5F5F3'), c('블랙', '#1D1D1F', false)],
    aliases: [...IPHONE, '아이폰 17', 'iphone 17', '아이폰17'],
  },
  'iphone-17-pro': {
    brand: 'Apple',
    nameKo: '아이폰 17 프로',
    folding: false,
    description: '알루미늄 유니바디와 베이퍼 챔버로 성능을 끌어올린 아이폰 17 프로. 48MP 트리플 카메라와 8배 광학 품질 줌.',
    specifications: { display: '6.3형 Super Retina XDR (ProMotion 120Hz)', camera: '48MP Fusion + 48MP 초광각 + 48MP 망원(4배)', battery: '최대 33시간 동영상 재생', os: 'iOS 26', chip: 'A19 Pro', weight: '204g' },
    colors: [c('코스믹 오렌지', '#E8742F'), c('딥 블루', '#2C3E5C'), c('실버', '#E3E4E5', false)],
    aliases: [...IPHONE, '아이폰 17 프로', 'iphone 17 pro', '17 pro', '17프로'],
  },
  'iphone-17-pro-max': {
    brand: 'Apple',
    nameKo: '아이폰 17 프로 맥스',
    folding: false,
    description: '6.9형 대화면과 아이폰 사상 최장 배터리를 갖춘 아이폰 17 프로 맥스. 최대 2TB 저장 공간 선택 가능.',
    specifications: { display: '6.9형 Super Retina XDR (ProMotion 120Hz)', camera: '48MP Fusion + 48MP 초광각 + 48MP 망원(4배)', battery: '최대 39시간 동영상 재생', os: 'iOS 26', chip: 'A19 Pro', weight: '231g' },
    colors: [c('코스믹 오렌지', '#E8742F'), c('딥 블루', '#2C3E5C'), c('실버', '#E3E4E5', false)],
    aliases: [...IPHONE, '아이폰 17 프로 맥스', 'iphone 17 pro max', '프맥', '17 pro max', '17프로맥스'],
  },
  'iphone-air': {
    brand: 'Apple',
    nameKo: '아이폰 에어',
    folding: false,
    description: '두께 5.6mm, 역대 가장 얇은 아이폰. 티타늄 프레임과 A19 Pro 칩, 48MP Fusion 카메라를 담았습니다.',
    specifications: { display: '6.5형 Super Retina XDR (ProMotion 120Hz)', camera: '48MP Fusion', battery: '최대 27시간 동영상 재생', os: 'iOS 26', chip: 'A19 Pro', weight: '165g' },
    colors: [c('스카이 블루', '#BCD4EA'), c('라이트 골드', '#E9DCC2'), c('클라우드 화이트', '#F4F4F2'), c('스페이스 블랙', '#1D1D1F', false)],
    aliases: [...IPHONE, '아이폰 에어', 'iphone air', '에어', 'air'],
  },
  'iphone-16': {
    brand: 'Apple',
    nameKo: '아이폰 16',
    folding: false,
    description: '카메라 컨트롤 버튼과 애플 인텔리전스를 지원하는 아이폰 16. 출고가 인하로 더 가벼워진 가격.',
    specifications: { display: '6.1형 Super Retina XDR (60Hz)', camera: '48MP Fusion + 12MP 초광각', battery: '최대 22시간 동영상 재생', os: 'iOS 26', chip: 'A18', weight: '170g' },
    colors: [c('울트라마린', '#5A6FD8'), c('틸', '#9BC7C1'), c('핑크', '#F2C1D1'), c('화이트', '#F5F5F3'), c('블랙', '#1D1D1F', false)],
    aliases: [...IPHONE, '아이폰 16', 'iphone 16', '아이폰16'],
  },
  'iphone-16e': {
    brand: 'Apple',
    nameKo: '아이폰 16e',
    folding: false,
    description: 'A18 칩과 48MP 카메라를 합리적인 가격에 담은 아이폰 16e. 첫 아이폰으로 추천합니다.',
    specifications: { display: '6.1형 Super Retina XDR (60Hz)', camera: '48MP Fusion', battery: '최대 26시간 동영상 재생', os: 'iOS 26', chip: 'A18', weight: '167g' },
    colors: [c('블랙', '#1D1D1F'), c('화이트', '#F5F5F3', false)],
    aliases: [...IPHONE, '아이폰 16e', 'iphone 16e', '16e'],
  },
  'iphone-16-pro': {
    brand: 'Apple',
    nameKo: '아이폰 16 프로',
    folding: false,
    description: '티타늄 디자인과 5배 망원 카메라를 갖춘 아이폰 16 프로. 단종 후 리퍼·중고로만 만날 수 있습니다.',
    specifications: { display: '6.3형 Super Retina XDR (ProMotion 120Hz)', camera: '48MP Fusion + 48MP 초광각 + 12MP 망원(5배)', battery: '최대 27시간 동영상 재생', os: 'iOS 26', chip: 'A18 Pro', weight: '199g' },
    colors: [c('데저트 티타늄', '#C4AD92'), c('내추럴 티타늄', '#BAB4A9'), c('화이트 티타늄', '#EEEDEA'), c('블랙 티타늄', '#2F2F31', false)],
    aliases: [...IPHONE, '아이폰 16 프로', 'iphone 16 pro', '16 pro', '16프로'],
  },
  'iphone-15': {
    brand: 'Apple',
    nameKo: '아이폰 15',
    folding: false,
    description: '다이내믹 아일랜드와 USB-C를 갖춘 아이폰 15. 검수 완료 중고·리퍼로 가성비 좋은 선택.',
    specifications: { display: '6.1형 Super Retina XDR (60Hz)', camera: '48MP 메인 + 12MP 초광각', battery: '최대 20시간 동영상 재생', os: 'iOS 26', chip: 'A16 Bionic', weight: '171g' },
    colors: [c('핑크', '#F3D3D9'), c('옐로', '#F4EBB8'), c('그린', '#D0DDC9'), c('블루', '#CFDDE8'), c('블랙', '#35393D', false)],
    aliases: [...IPHONE, '아이폰 15', 'iphone 15', '아이폰15'],
  },
  'pixel-10': {
    brand: 'Google',
    nameKo: '픽셀 10',
    folding: false,
    description: `텐서 G5와 제미나이를 품은 구글 픽셀 10. 기본 모델에도 5배 망원 카메라가 들어갔습니다. ${GREY_IMPORT}`,
    specifications: { display: '6.3형 Actua OLED (120Hz)', camera: '48MP 광각 + 13MP 초광각 + 10.8MP 망원(5배)', battery: '4,970mAh', os: 'Android 16', chip: 'Google Tensor G5', weight: '204g' },
    colors: [c('옵시디언', '#2A2B2E'), c('프로스트', '#DDE3EA'), c('인디고', '#3E4A7A'), c('레몬그라스', '#D7DC8F', false)],
    aliases: [...PIXEL, '픽셀 10', 'pixel 10', '픽셀10'],
  },
  'pixel-10-pro': {
    brand: 'Google',
    nameKo: '픽셀 10 프로',
    folding: false,
    description: `최대 100배 프로 레스 줌과 7년 OS 업데이트를 지원하는 픽셀 10 프로. ${GREY_IMPORT}`,
    specifications: { display: '6.3형 Super Actua LTPO OLED (1–120Hz)', camera: '50MP 광각 + 48MP 초광각 + 48MP 망원(5배)', battery: '4,870mAh', os: 'Android 16', chip: 'Google Tensor G5', weight: '207g' },
    colors: [c('옵시디언', '#2A2B2E'), c('포슬린', '#EDE6DC'), c('문스톤', '#8E98A3'), c('헤이즐', '#8A8470', false)],
    aliases: [...PIXEL, '픽셀 10 프로', 'pixel 10 pro', '10 pro'],
  },
  'pixel-10-pro-xl': {
    brand: 'Google',
    nameKo: '픽셀 10 프로 XL',
    folding: false,
    description: `6.8형 대화면과 5,200mAh 배터리, Qi2 25W 무선충전을 지원하는 픽셀 10 프로 XL. ${GREY_IMPORT}`,
    specifications: { display: '6.8형 Super Actua LTPO OLED (1–120Hz)', camera: '50MP 광각 + 48MP 초광각 + 48MP 망원(5배)', battery: '5,200mAh', os: 'Android 16', chip: 'Google Tensor G5', weight: '232g' },
    colors: [c('옵시디언', '#2A2B2E'), c('문스톤', '#8E98A3'), c('포슬린', '#EDE6DC', false)],
    aliases: [...PIXEL, '픽셀 10 프로 XL', 'pixel 10 pro xl', '10 pro xl'],
  },
  'pixel-9a': {
    brand: 'Google',
    nameKo: '픽셀 9a',
    folding: false,
    description: `카메라 돌출이 없는 매끈한 디자인과 5,100mAh 배터리의 픽셀 9a. 구글 AI를 가장 저렴하게. ${GREY_IMPORT}`,
    specifications: { display: '6.3형 Actua pOLED (120Hz)', camera: '48MP 광각 + 13MP 초광각', battery: '5,100mAh', os: 'Android 16', chip: 'Google Tensor G4', weight: '186g' },
    colors: [c('옵시디언', '#2A2B2E'), c('포슬린', '#EDE6DC'), c('아이리스', '#9EA3D6'), c('피오니', '#E8A2B4', false)],
    aliases: [...PIXEL, '픽셀 9a', 'pixel 9a', '9a'],
  },
} as const satisfies Record<string, Line>;
export type LineKey = keyof typeof LINES;
