export { analyseIngredients, summariseAnalysis } from './analyse';
export { dietaryFlags, inlineDietaryAlerts } from './dietary';
export { LABEL_LANGUAGES, labelLanguage, type LabelLanguage } from './label-language';
export { loadLabelLanguage } from './load-label-language';
export { plainIngredientText } from './normalise-label';
export { parseIngredients } from './parse-ingredients';
export { analysisThresholds } from './rules';
export {
  analysisResultSchema,
  concernSchema,
  dietaryAlertSchema,
  processingLevelSchema,
  type AnalysisContext,
  type AnalysisResult,
  type Concern,
  type DietaryAlert,
  type ProcessingLevel,
} from './types';
