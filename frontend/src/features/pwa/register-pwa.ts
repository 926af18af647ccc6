/** Progressive-web-app registration, called once at boot; filled in by issue #10. */
export function registerPwa(): void {}
