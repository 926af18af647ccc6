import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/**
 * One of react-admin's themes with other colours, and tooltips drawn next to their button (inside
 * the app bar's banner or the page's main landmark) rather than in a portal outside every landmark.
 */
const withConsoleDefaults = (theme: RaThemeOptions, palette: RaThemeOptions['palette']): RaThemeOptions => ({
  ...theme,
  palette: { ...theme.palette, ...palette },
  components: {
    ...theme.components,
    MuiTooltip: { defaultProps: { slotProps: { popper: { disablePortal: true } } } },
  },
});

/**
 * Colours dark enough for their text (at least 4.5:1): white on the app bar and on warning chips,
 * blue links and buttons and red delete buttons on the grey page and toolbars. react-admin's
 * (#2196f3, #1976d2, #ed6c02, #d32f2f) give 3.1 to 4.4:1.
 */
export const lightTheme = withConsoleDefaults(defaultLightTheme, {
  primary: { main: '#1565c0' },
  secondary: { main: '#1565c0', contrastText: '#fff' },
  warning: { main: '#b45309', contrastText: '#fff' },
  error: { main: '#b71c1c' },
});

/** A light red readable on the dark page and toolbars (MUI's #f44336 gives 2.7:1), with dark text on it. */
export const darkTheme = withConsoleDefaults(defaultDarkTheme, {
  error: { main: '#ef9a9a', contrastText: 'rgba(0, 0, 0, 0.87)' },
});
