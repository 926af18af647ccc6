import type { RunContext } from './run-context';
import type { Row } from './report';

/** One figure of the report. `run` returns its rows; notes explain how to read them. */
export interface Section {
  id: string;
  title: string;
  run(ctx: RunContext, notes: string[]): Promise<Row[]>;
}
