/** The data download feature's entry: its router. */
export { dataDownloadFeature } from './routes';
