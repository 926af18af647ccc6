import type { AnalysisResult } from '@labelwise/domain/contracts';
import { exampleByKey, exampleOnAnalyse, matchesExample, type ExampleKey } from './examples';

export type ScanPhase = 'idle' | 'analysing' | 'done';

export interface ScanState {
  productName: string;
  brandName: string;
  ingredients: string;
  /** The example button shown as selected, if any. */
  example: ExampleKey | null;
  phase: ScanPhase;
  result: AnalysisResult | null;
  /** An example preview is not saved; an analysis is. */
  resultKind: 'example' | 'analysis' | null;
}

export type ScanAction =
  | { type: 'productName' | 'brandName' | 'ingredients'; value: string }
  | { type: 'pickExample'; key: ExampleKey }
  | { type: 'exampleRated'; key: ExampleKey; result: AnalysisResult }
  | { type: 'analyse' }
  | { type: 'analysed'; result: AnalysisResult }
  | { type: 'extracted'; ingredients: string; productName?: string | null; brandName?: string | null };

export const initialScanState: ScanState = {
  productName: '',
  brandName: '',
  ingredients: '',
  example: null,
  phase: 'idle',
  result: null,
  resultKind: null,
};

/** The scan page flow: idle → analysing (about 1 s) → result; examples fill and rate after 0.8 s. */
export function scanReducer(state: ScanState, action: ScanAction): ScanState {
  switch (action.type) {
    case 'productName':
    case 'brandName':
      return { ...state, [action.type]: action.value };
    case 'ingredients':
      // Editing the text clears the example selection.
      return { ...state, ingredients: action.value, example: null };
    case 'pickExample':
      return {
        ...state,
        ingredients: exampleByKey(action.key).ingredients,
        example: action.key,
        phase: 'idle',
        result: null,
        resultKind: null,
      };
    case 'exampleRated':
      // A late timer for an example that is no longer selected (or was edited) changes nothing.
      if (state.phase === 'analysing' || !matchesExample(state.example, state.ingredients)) return state;
      if (state.example !== action.key) return state;
      return { ...state, phase: 'done', result: action.result, resultKind: 'example' };
    case 'analyse':
      return {
        ...state,
        example: exampleOnAnalyse(state.example, state.ingredients),
        phase: 'analysing',
        result: null,
        resultKind: null,
      };
    case 'analysed':
      return { ...state, phase: 'done', result: action.result, resultKind: 'analysis' };
    case 'extracted':
      return {
        ...state,
        ingredients: action.ingredients,
        productName: action.productName?.trim() || state.productName,
        brandName: action.brandName?.trim() || state.brandName,
        example: null,
        phase: 'idle',
        result: null,
        resultKind: null,
      };
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}
