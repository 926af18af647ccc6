/** The slice of a pino logger the engine uses. */
export interface EngineLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const silentLogger: EngineLogger = { info() {}, warn() {}, error() {} };
