/** The community feature's entry: its router. */
export { communityFeature } from './routes';
