import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  animationStyles, badgeRecipe, breakpoints, buttonRecipe, checkmarkRecipe, containerRecipe, cssVarsPrefix, cssVarsRoot, globalCss,
  headingRecipe, iconRecipe, inputRecipe, keyframes, layerStyles, linkRecipe, radiomarkRecipe, semanticTokens, skeletonRecipe,
  spinnerRecipe, textStyles, tokens,
} from '@chakra-ui/react/theme';

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
        // Chakra's solid green, teal and cyan (600) and light-mode orange (600) under white text
        // are 3.3–3.7:1, below WCAG AA's 4.5:1 for body text (success toasts, 승인 buttons, NEW
        // and 리퍼 badges).
        green: { solid: { value: '{colors.green.700}' } },
        teal: { solid: { value: '{colors.teal.700}' } },
        cyan: { solid: { value: '{colors.cyan.700}' } },
        orange: { solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.500}' } } },
      },
    },
  },
});

/**
 * Chakra's default theme, with only the recipes of the components the app renders (ADR 009):
 * `createSystem(defaultConfig)` compiled all ~90 recipes (~450 ms of the first screen's main
 * thread on a throttled phone) and shipped them in the main bundle. Here are those of the first
 * screens (the home page's and the app shell's); the others are in laterRecipes.ts, registered
 * before any page or lazy part that may render them (`withLaterRecipes`). A Chakra component whose
 * recipe is missing renders unstyled: when a feature starts using another one (Accordion, Avatar,
 * Select, Tooltip…), add its `<name>Recipe` / `<name>SlotRecipe` to laterRecipes.ts
 * (`system.test.ts` checks every component imported from '@chakra-ui/react' has its recipe, and
 * that the first screens use only the recipes below).
 */
const theme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      // Chakra's own modules of other recipes import these two: in the system's chunk either way
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {},
  },
});

let built: SystemContext | undefined;

/**
 * Chakra's system for this theme, built on first use: building it takes ~30 ms (its token
 * dictionary), which the browser's entry spreads over several tasks with `appSystemInSteps`
 * (app/main.tsx, ADR 009).
 */
export function appSystem(): SystemContext {
  return (built ??= createSystem(defaultBaseConfig, theme, config));
}

type SystemSteps = (...configs: Parameters<typeof createSystem>) => Generator<undefined, SystemContext>;

/** `createSystem.steps`, which the client build adds (frontend/build/steppedChakraSystem.ts). */
function systemSteps(): SystemSteps | undefined {
  const steps: unknown = Reflect.get(createSystem, 'steps');
  return typeof steps === 'function' ? (steps as SystemSteps) : undefined;
}

/**
 * Builds `appSystem()` one step at a time: the caller runs each step in its own task, so that
 * no step blocks the main thread for long. Where the build did not add the stepped version (tests,
 * the server render, the dev server), the system is built in one step.
 */
export function* appSystemInSteps(): Generator<undefined, SystemContext> {
  const steps = systemSteps();
  if (built === undefined && steps !== undefined) built = yield* steps(defaultBaseConfig, theme, config);
  return appSystem();
}

let laterRegistered: Promise<void> | undefined;

/**
 * Adds laterRecipes.ts to the app's system (once). Chakra reads a recipe when a component first
 * asks for it and keeps what it found, an empty recipe too: so it must be registered before
 * anything that renders those components (see `withLaterRecipes`).
 */
export function registerLaterRecipes(): Promise<void> {
  laterRegistered ??= import('./laterRecipes').then(
    ({ laterRecipes, laterSlotRecipes }) => {
      const { theme: current } = appSystem()._config;
      if (!current) throw new Error('the app system has no theme');
      current.recipes = { ...current.recipes, ...laterRecipes };
      current.slotRecipes = { ...current.slotRecipes, ...laterSlotRecipes };
    },
    (error: unknown) => {
      laterRegistered = undefined; // a failed request is tried again by the next page
      throw error;
    },
  );
  return laterRegistered;
}

/** A lazy page's or part's loader that resolves once the later recipes are registered too (they load side by side). */
export function withLaterRecipes<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), registerLaterRecipes()]).then(([module]) => module);
}
