/** The moderation console's API, one feature whose sections (one folder each) share `http/`. */
export { adminFeature } from './feature';
