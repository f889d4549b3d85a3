import type { ComponentType } from 'react';
import { Badge, Box, Flex, Heading, HStack, SimpleGrid, Text, type IconProps } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { ApiRole } from '../../shared/api/client';
import { CartIcon, CheckBadgeIcon, ShieldIcon } from '../../shared/ui/icons';
import { BellIcon, BoxIcon, CalculatorIcon, ChartIcon, GridIcon, HeartIcon, PlusIcon, SettingsIcon, StoreIcon, TruckIcon, UsersIcon, WalletIcon } from './icons';
import { ROLE_LABELS } from '../../shared/auth/roles';
import { quickActionsFor } from './quickActions';

const ICONS: Record<string, ComponentType<IconProps>> = {
  browse: GridIcon,
  cart: CartIcon,
  wishlist: HeartIcon,
  orders: BoxIcon,
  notifications: BellIcon,
  'price-calculator': CalculatorIcon,
  'deposit-simulator': WalletIcon,
  'seller-dashboard': ChartIcon,
  'my-store': StoreIcon,
  'add-product': PlusIcon,
  sales: ChartIcon,
  shipping: TruckIcon,
  admin: ShieldIcon,
  'admin-users': UsersIcon,
  'admin-sellers': CheckBadgeIcon,
  'admin-settings': SettingsIcon,
};

const BADGE_PALETTE: Record<string, string> = { AI: 'purple', 무료: 'green', NEW: 'red' };

/** Spec §6: quick actions by role. Guests get 'browse products' and a sign-in hint. */
export function QuickActions({ role }: { role: ApiRole }) {
  const actions = quickActionsFor(role);
  const isGuest = role === 'guest';
  return (
    <Box as="section" data-testid="quick-actions" data-role={role} aria-labelledby="quick-actions-title">
      <Flex align="baseline" justify="space-between" gap="2" mb="3" wrap="wrap">
        <HStack gap="2" align="baseline">
          <Heading as="h2" id="quick-actions-title" size="md">
            빠른 메뉴
          </Heading>
          {!isGuest ? (
            <Badge colorPalette="brand" variant="subtle" data-testid="quick-actions-role">
              {ROLE_LABELS[role]} 메뉴
            </Badge>
          ) : null}
        </HStack>
        {!isGuest ? (
          <Text fontSize="sm" color="fg.muted" data-testid="quick-actions-count">
            {actions.length}개 메뉴
          </Text>
        ) : null}
      </Flex>
      <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '3', md: '5' }} align={{ base: 'stretch', md: 'center' }}>
      <SimpleGrid as="ul" flex={isGuest ? { md: '0 0 20rem' } : '1'} columns={isGuest ? 1 : { base: 2, sm: 3, md: 4, lg: 6 }} gap="2.5" listStyleType="none" m="0" p="0">
        {actions.map((action) => {
          const Icon = ICONS[action.id] ?? GridIcon;
          return (
            <Box
              as="li"
              key={action.id}
              data-testid="quick-action"
              data-action={action.id}
              position="relative"
              display="flex"
              alignItems="center"
              gap="2.5"
              p="3"
              bg="bg.panel"
              borderWidth="1px"
              rounded="lg"
              _hover={{ borderColor: 'brand.border', bg: 'brand.subtle' }}
              transition="background 0.15s, border-color 0.15s"
            >
              <Flex boxSize="9" flexShrink={0} align="center" justify="center" rounded="md" bg="brand.subtle" color="brand.fg">
                <Icon boxSize="5" />
              </Flex>
              <Box minW="0" flex="1">
                <Box asChild css={{ '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 0 } }}>
                  <RouterLink to={action.href}>
                    <Text as="span" fontSize="sm" fontWeight="semibold" display="block" truncate>
                      {action.label}
                    </Text>
                  </RouterLink>
                </Box>
                <Text fontSize="xs" color="fg.muted" truncate>
                  {action.description}
                </Text>
              </Box>
              {action.badge ? (
                <Badge position="absolute" top="1.5" insetEnd="1.5" size="xs" variant="solid" colorPalette={BADGE_PALETTE[action.badge] ?? 'gray'}>
                  {action.badge}
                </Badge>
              ) : null}
            </Box>
          );
        })}
      </SimpleGrid>
      {isGuest ? (
        <Text fontSize="sm" color="fg.muted" data-testid="quick-actions-login-hint">
          로그인하면 더 많은 기능을 이용할 수 있어요
        </Text>
      ) : null}
      </Flex>
    </Box>
  );
}
