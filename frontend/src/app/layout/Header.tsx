import { Box, Button, Container, Flex, HStack, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { CartButton } from '../../features/cart/CartButton';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { DemoLoginButton } from '../../features/auth/DemoLoginButton';
import { DemoModeBadge } from '../../features/auth/DemoModeBadge';
import { RoleSwitcher } from '../../features/auth/RoleSwitcher';
import { useSiteInfo } from '../../shared/api/site';
import { useSession } from '../../shared/auth/session';
import { SearchBox } from '../../features/search/SearchBox';
import { DarkModeToggle } from '../../shared/ui/DarkModeToggle';
import { PhoneIcon, QuoteIcon } from '../../shared/ui/icons';

function openMatching(): void {
  window.open('/matching', '_blank', 'noopener');
}

export function Header() {
  const { role, isAuthenticated } = useSession();
  const { demo } = useSiteInfo();

  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg/90"
      backdropFilter="saturate(180%) blur(8px)"
      borderBottomWidth="1px"
    >
      <Container maxW="7xl" px={{ base: '3', md: '6' }}>
        <Flex wrap={{ base: 'wrap', md: 'nowrap' }} align="center" columnGap={{ base: '2', md: '4' }} rowGap="2" py="2.5">
          {/* On a phone the '데모 모드' badge sits under the logo, so the first row keeps its buttons. */}
          <Flex
            direction={{ base: 'column', md: 'row' }}
            align={{ base: 'flex-start', md: 'center' }}
            gap={{ base: '0.5', md: '3' }}
            flexShrink={0}
          >
            <Link
              asChild
              data-testid="header-logo"
              aria-label="폰마켓 홈으로"
              fontWeight="black"
              fontSize={{ base: 'lg', md: 'xl' }}
              color="brand.solid"
              letterSpacing="tight"
              textDecoration="none"
              _hover={{ textDecoration: 'none' }}
              flexShrink={0}
              gap="1.5"
            >
              <RouterLink to="/">
                <PhoneIcon boxSize="5" />
                폰마켓
              </RouterLink>
            </Link>
            {demo ? <DemoModeBadge size={{ base: 'xs', md: 'sm' }} /> : null}
          </Flex>

          <Box order={{ base: 3, md: 1 }} flex="1" minW="0" maxW={{ md: '2xl' }}>
            <SearchBox />
          </Box>

          <Button
            order={{ base: 4, md: 2 }}
            data-testid="quote-button"
            size="sm"
            variant="subtle"
            colorPalette="brand"
            onClick={openMatching}
            aria-label="견적 받기 (새 탭에서 열림)"
            title="견적 받기"
            px={{ base: '2.5', md: '3' }}
            flexShrink={0}
            ms={{ md: 'auto' }}
          >
            <QuoteIcon />
            <Box as="span" hideBelow="sm">
              견적 받기
            </Box>
          </Button>

          <HStack order={{ base: 1, md: 3 }} gap={{ base: '1', md: '2' }} ms={{ base: 'auto', md: '0' }} flexShrink={0}>
            <NotificationBell signedIn={isAuthenticated} />
            <CartButton signedIn={isAuthenticated} />
            {role === 'guest' ? (
              demo ? (
                <DemoLoginButton px={{ base: '2.5', md: '3' }} />
              ) : (
                <Button asChild data-testid="login-link" size="sm" colorPalette="brand" px={{ base: '2.5', md: '3' }}>
                  <RouterLink to="/login">로그인</RouterLink>
                </Button>
              )
            ) : null}
            <RoleSwitcher />
            <DarkModeToggle />
          </HStack>

          {/* Mobile: the search box (with the quote button) gets its own row. */}
          <Box order={2} flexBasis="100%" height="0" hideFrom="md" aria-hidden="true" />
        </Flex>
      </Container>
    </Box>
  );
}
