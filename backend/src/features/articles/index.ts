/** The articles feature's entry: its router. */
export { articlesFeature } from './routes';
