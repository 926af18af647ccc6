import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressCircleSlotRecipe,
  progressSlotRecipe,
  radioCardSlotRecipe,
  radiomarkRecipe,
  ratingGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';
import { ratingColourTokens } from '../shared/lib/rating-colours';

/**
 * Chakra's default theme with only the recipes of the components the app uses: the full set
 * (about 80 recipes) is a third of the start-up chunk. theme.test.ts fails when a component is
 * imported whose recipe is missing here (it would render unstyled).
 */
const chakraTheme = defineConfig({
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
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      progressCircle: progressCircleSlotRecipe,
      radioCard: radioCardSlotRecipe,
      ratingGroup: ratingGroupSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

/** System fonts only (no web font to download); rounded humanist faces first where the platform has them. */
const FONT_STACK =
  '"Segoe UI Variable Text", "SF Pro Text", system-ui, -apple-system, Roboto, "Helvetica Neue", sans-serif';
const DISPLAY_STACK =
  '"Segoe UI Variable Display", "SF Pro Display", system-ui, -apple-system, Roboto, sans-serif';

const config = defineConfig({
  globalCss: {
    // Semantic colours: light and dark (the `.dark` class on <html>, see shared/lib/color-mode.ts).
    'html, body': { bg: 'bg.subtle', color: 'fg' },
    // A focused field is outlined 2 px wide (Chakra draws 1 px), in a grey of at least 3:1.
    'input, textarea, select': { '--focus-ring-width': '2px' },
    // Whatever is scrolled into view (a focused element, an analysis's verdict) stops below the
    // sticky header (its height kept by TopNav) and above the phone's tab bar.
    html: {
      scrollPaddingTop: 'calc(var(--header-height, 0px) + {spacing.2})',
      scrollPaddingBottom: { base: '{spacing.16}', md: '0' },
    },
  },
  theme: {
    semanticTokens: {
      // White text on the default 600 shades of green, orange and teal falls short of WCAG AA
      // (4.5:1); the 700 shades keep it in both modes (Chakra's dark orange would put black on them).
      colors: {
        green: {
          solid: { value: '{colors.green.700}' },
          contrast: { value: 'white' },
          fg: { value: { base: '{colors.green.800}', _dark: '{colors.green.300}' } },
        },
        orange: {
          solid: { value: '{colors.orange.700}' },
          contrast: { value: 'white' },
          fg: { value: { base: '{colors.orange.800}', _dark: '{colors.orange.300}' } },
        },
        teal: {
          solid: { value: '{colors.teal.700}' },
          contrast: { value: 'white' },
        },
        // Chakra's gray.400 ring is about 2.6:1 on white, short of the 3:1 a focus indicator needs.
        gray: { focusRing: { value: { _light: '{colors.gray.600}', _dark: '{colors.gray.400}' } } },
        // The traffic light: rating.{green,amber,red,unrated}.{solid,contrast,fg}.
        rating: ratingColourTokens(),
      },
      // One rhythm for every screen: page gutters, gaps between sections, inside cards.
      spacing: {
        gutter: { value: '{spacing.4}' },
        gutterWide: { value: '{spacing.6}' },
        section: { value: '{spacing.8}' },
        card: { value: '{spacing.4}' },
        stack: { value: '{spacing.3}' },
      },
    },
    tokens: {
      fonts: {
        heading: { value: DISPLAY_STACK },
        body: { value: FONT_STACK },
      },
      letterSpacings: {
        display: { value: '-0.02em' },
        label: { value: '0.04em' },
      },
    },
    textStyles: {
      display: {
        value: { fontFamily: 'heading', fontWeight: 'bold', letterSpacing: 'display', lineHeight: '1.1' },
      },
      title: { value: { fontFamily: 'heading', fontWeight: 'semibold', fontSize: 'lg', lineHeight: '1.3' } },
      label: {
        value: {
          fontSize: 'xs',
          fontWeight: 'bold',
          letterSpacing: 'label',
          textTransform: 'uppercase',
          lineHeight: '1',
        },
      },
      caption: { value: { fontSize: 'xs', color: 'fg.muted', lineHeight: '1.4' } },
    },
  },
});

export const system = createSystem(mergeConfigs(defaultBaseConfig, chakraTheme), config);
