/** The reviews feature's entry: its router. */
export { reviewsFeature } from './routes';
