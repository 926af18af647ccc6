import type { ProjectionDefinition } from './engine/projection';

/** Every projection the worker runs. Add yours here. */
export const projections: ProjectionDefinition[] = [];
