import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

export const FONT_STACK = "'Pretendard', 'Noto Sans CJK KR', 'Noto Sans KR', sans-serif";

const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand' },
    body: { wordBreak: 'keep-all', overflowWrap: 'anywhere', minHeight: '100dvh' },
    'a:focus-visible, [role="option"]:focus-visible': {
      outline: '2px solid',
      outlineColor: 'brand.focusRing',
      outlineOffset: '2px',
    },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: FONT_STACK },
        body: { value: FONT_STACK },
      },
      colors: {
        brand: {
          50: { value: '#eef5ff' },
          100: { value: '#d9e8ff' },
          200: { value: '#bcd7ff' },
          300: { value: '#8ebeff' },
          400: { value: '#5999ff' },
          500: { value: '#3374fa' },
          600: { value: '#1d56ef' },
          700: { value: '#1642dc' },
          800: { value: '#1937b2' },
          900: { value: '#1b348c' },
          950: { value: '#152255' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.500}' } },
          contrast: { value: '{colors.white}' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
          border: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
