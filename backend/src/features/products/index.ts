/**
 * The products feature's entry: its router, a product's stream as commands load it (scans, reviews
 * and moderation decide on it), the input rules other routes share (a product id, a new product),
 * and the reassessment `npm run reassess` runs.
 */
export { productsFeature } from './routes';
export { loadProduct } from './product-stream';
export { newProductSchema, parseProductId } from './product-input';
export { reassessProducts, type ReassessProgress } from './reassess-products';
