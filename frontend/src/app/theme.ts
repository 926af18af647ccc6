import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'gray.50', color: 'gray.900' },
  },
  theme: {
    semanticTokens: {
      // White text on the default 600 shades of green and orange falls short of WCAG AA (4.5:1).
      colors: {
        green: { solid: { value: '{colors.green.700}' }, fg: { value: '{colors.green.800}' } },
        orange: { solid: { value: '{colors.orange.700}' }, fg: { value: '{colors.orange.800}' } },
      },
    },
    tokens: {
      fonts: {
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
