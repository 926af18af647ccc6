export * from './schemas';
export {
  additives,
  concernIngredients,
  processingReference,
  dietaryLists,
  articles,
  starterProducts,
} from './load';
export { articleAssetsDir, openFoodFactsDir, offStarterFiles, sharedOpenFoodFactsDir } from './paths';
