import { useState } from 'react';
import { Box, type BoxProps } from '@chakra-ui/react';
import { responsiveImage } from '@phonemarket/contracts';
import { PhoneIcon } from '../../shared/ui/icons';

/**
 * A brand logo (the files are 2:1 wordmarks on white). If it fails to load, the image is
 * hidden and a fallback icon is shown (spec §8).
 */
export function BrandLogo({ src, w = '24', h = '12', ...rest }: { src: string } & Omit<BoxProps, 'children'>) {
  const [failed, setFailed] = useState(false);
  return (
    <Box
      flexShrink={0}
      w={w}
      h={h}
      rounded="lg"
      bg="white"
      borderWidth="1px"
      borderColor="border"
      display="flex"
      alignItems="center"
      justifyContent="center"
      overflow="hidden"
      {...rest}
    >
      {failed || !src ? (
        <PhoneIcon boxSize="6" color="gray.500" data-testid="brand-logo-fallback" />
      ) : (
        <img {...responsiveImage(src, { sizes: '(min-width: 768px) 112px, 96px', maxWidth: 256 })} alt="" width={96} height={48} loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'contain' }} onError={() => setFailed(true)} />
      )}
    </Box>
  );
}
