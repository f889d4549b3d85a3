import { useEffect, useState } from 'react';
import { Badge, Box, Flex, Heading, HStack, IconButton, Text, type IconButtonProps } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { responsiveImage } from '@phonemarket/contracts';
import { PATHS, type Ad } from '../../shared/api/catalogue';
import { apiFetch } from '../../shared/api/client';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

/** Spec §4/§9: the hero advances every 5 seconds when more than one ad is active. */
export const AD_ROTATE_MS = 5000;
/** Spec §8: a not-OK answer from /api/ads. */
export const ADS_ERROR = 'Failed to fetch ads';

async function fetchAds(signal: AbortSignal): Promise<Ad[]> {
  try {
    return await apiFetch(PATHS.ads, { schema: () => import('../../shared/api/catalogueSchemas').then((s) => s.adsSchema), signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new Error(ADS_ERROR, { cause: error });
  }
}

/** Active ads in display order. */
export function activeAds(ads: readonly Ad[]): Ad[] {
  return ads.filter((ad) => ad.isActive).sort((a, b) => a.order - b.order);
}

function AdLink({ ad, children }: { ad: Ad; children: React.ReactNode }) {
  const label = `${ad.title} - ${ad.description}`;
  if (ad.link.startsWith('/')) {
    return (
      <RouterLink to={ad.link} aria-label={label} data-testid="ad-link" style={{ display: 'block', height: '100%' }}>
        {children}
      </RouterLink>
    );
  }
  return (
    <a href={ad.link} target="_blank" rel="noopener noreferrer" aria-label={`${label} (새 탭에서 열림)`} data-testid="ad-link" style={{ display: 'block', height: '100%' }}>
      {children}
    </a>
  );
}

/** The previous/next buttons over the hero's edges. */
const ARROW_PROPS = {
  size: { base: 'xs', md: 'sm' },
  rounded: 'full',
  variant: 'subtle',
  bg: 'blackAlpha.500',
  color: 'white',
  _hover: { bg: 'blackAlpha.700' },
  position: 'absolute',
  // A phone's text sits at the banner's foot: the arrows stay above it (they covered the badge at 375 px).
  top: { base: '25%', sm: '50%' },
  transform: 'translateY(-50%)',
} as const satisfies IconButtonProps;

/**
 * How wide the banner is drawn: it covers its box and is cut at the left, so on a phone (a 4:3
 * box) it is 2.25× the box's width, 1.2× on a small tablet (5:2) and the box's width from md (3:1).
 */
const HERO_IMAGE_SIZES = '(min-width: 1280px) 1280px, (min-width: 768px) 100vw, (min-width: 640px) 120vw, 225vw';

const BADGE_PALETTES = new Set(['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink', 'gray']);

export function AdHeroView({ ads }: { ads: Ad[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  // The first slide paints from the server's HTML at once (it is the page's LCP): only later slides fade in.
  const [moved, setMoved] = useState(false);
  const count = ads.length;

  useEffect(() => {
    if (count <= 1 || paused) return;
    const id = window.setInterval(() => {
      setMoved(true);
      setIndex((i) => (i + 1) % count);
    }, AD_ROTATE_MS);
    return () => window.clearInterval(id);
  }, [count, paused, index]);

  if (count === 0) return null;
  const current = index % count;
  const ad = ads[current];
  if (!ad) return null;
  const go = (next: number) => {
    setMoved(true);
    setIndex(((next % count) + count) % count);
  };
  const palette = BADGE_PALETTES.has(ad.badgeColor) ? ad.badgeColor : 'brand';

  return (
    <Box
      as="section"
      data-testid="ad-hero"
      aria-roledescription="carousel"
      aria-label="광고 배너"
      position="relative"
      rounded="2xl"
      overflow="hidden"
      bg="rgb(10,14,32)"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <Box
        key={ad.id}
        data-testid="ad-slide"
        data-ad-id={ad.id}
        role="group"
        aria-roledescription="slide"
        aria-label={`${current + 1} / ${count}`}
        position="relative"
        aspectRatio={{ base: '4 / 3', sm: '5 / 2', md: '3 / 1' }}
        animationName={moved ? 'fade-in' : undefined}
        animationDuration="slow"
      >
        <AdLink ad={ad}>
          {/* The picture carries its own generic copy on its left part: only its right part is shown. */}
          <Box
            asChild
            position="absolute"
            top="0"
            insetEnd="0"
            h="full"
            w={{ base: 'full', sm: '58%' }}
            objectFit="cover"
            objectPosition="right center"
          >
            <img {...responsiveImage(ad.img, { sizes: HERO_IMAGE_SIZES, maxWidth: 1600 })} alt="" width={1200} height={400} fetchPriority={current === 0 ? 'high' : 'auto'} decoding="async" />
          </Box>
          <Box
            position="absolute"
            inset="0"
            bgImage={{
              base: 'linear-gradient(0deg, rgb(10,14,32) 0%, rgba(10,14,32,0.85) 45%, rgba(10,14,32,0.1) 100%)',
              sm: 'linear-gradient(90deg, rgb(10,14,32) 0%, rgb(10,14,32) 42%, rgba(10,14,32,0.55) 56%, rgba(10,14,32,0) 72%)',
            }}
          />
          <Flex
            position="absolute"
            inset="0"
            direction="column"
            justify={{ base: 'flex-end', sm: 'center' }}
            align="flex-start"
            gap={{ base: '1.5', md: '3' }}
            ps={{ base: '5', sm: '14', md: '16' }}
            pe={{ base: '5', sm: '0' }}
            pb={{ base: '10', sm: '0' }}
            maxW={{ sm: '55%' }}
            color="white"
          >
            {ad.badge ? (
              <Badge colorPalette={palette} variant="solid" size={{ base: 'sm', md: 'md' }}>
                {ad.badge}
              </Badge>
            ) : null}
            <Heading as="h2" size={{ base: 'xl', md: '3xl', lg: '4xl' }} lineHeight="short" data-testid="ad-title">
              {ad.title}
            </Heading>
            <Text fontSize={{ base: 'sm', md: 'lg' }} color="whiteAlpha.900" lineClamp={2}>
              {ad.description}
            </Text>
            <Text
              as="span"
              hideBelow="md"
              mt="2"
              px="4"
              py="2"
              rounded="full"
              bg="white"
              color="gray.900"
              fontSize="sm"
              fontWeight="semibold"
            >
              자세히 보기 →
            </Text>
          </Flex>
        </AdLink>
      </Box>

      {count > 1 ? (
        <>
          <IconButton
            aria-label="이전 광고"
            data-testid="ad-prev"
            {...ARROW_PROPS}
            insetStart={{ base: '2', md: '3' }}
            onClick={() => go(current - 1)}
          >
            <ChevronLeftIcon />
          </IconButton>
          <IconButton
            aria-label="다음 광고"
            data-testid="ad-next"
            {...ARROW_PROPS}
            insetEnd={{ base: '2', md: '3' }}
            onClick={() => go(current + 1)}
          >
            <ChevronRightIcon />
          </IconButton>
          <HStack position="absolute" bottom={{ base: '3', md: '4' }} left="50%" transform="translateX(-50%)" gap="0">
            {ads.map((a, i) => (
              <Box
                as="button"
                key={a.id}
                data-testid="ad-dot"
                aria-label={`${i + 1}번째 광고 보기`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
                p="2"
                cursor="pointer"
                rounded="full"
                focusRing="outside"
              >
                <Box h="2" w={i === current ? '6' : '2'} rounded="full" bg={i === current ? 'white' : 'whiteAlpha.600'} transition="width 0.2s" />
              </Box>
            ))}
          </HStack>
        </>
      ) : null}
    </Box>
  );
}

/** Rotating ad hero from GET /api/ads; hidden while loading, on error and when no ad is active. */
export function AdHero() {
  const ads = useQuery({ queryKey: [PATHS.ads], queryFn: ({ signal }) => fetchAds(signal) });
  if (!ads.data) {
    if (ads.isPending) return <Box data-testid="ad-hero-loading" aria-hidden="true" rounded="2xl" bg="bg.muted" aspectRatio={{ base: '4 / 3', sm: '5 / 2', md: '3 / 1' }} />;
    return null;
  }
  return <AdHeroView ads={activeAds(ads.data)} />;
}
