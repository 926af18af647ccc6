import { analyseIngredients, loadLabelLanguage } from '@labelwise/domain/contracts';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useUserPreferences } from '../../../shared/api/user-preferences';
import { showToast } from '../../../shared/toast/toaster';
import { useSaveScan, type SavedScan } from '../api/save-scan';
import { ANALYSE_DELAY_MS, EXAMPLE_DELAY_MS, exampleByKey, type ExampleKey } from './examples';
import { clearScanDraft } from './scan-draft';
import { useDelays } from './use-delays';
import type { LabelDraft } from './use-label-draft';
import type { ExtractedLabel } from './use-photo-extraction';

export const BARCODE_ADDED_MEANWHILE = 'Someone added this barcode a moment ago: here is their product.';

/**
 * What the scan form's label goes through: filled from a photo, rated as an example, or analysed
 * (once the gate let the user through) and saved, with the product it was saved as.
 */
export function useLabelAnalysis(
  uid: string | null,
  { dispatch, newBarcode, setNewBarcode, offConsent }: LabelDraft,
) {
  const preferences = useUserPreferences(uid);
  const navigate = useNavigate();
  const delay = useDelays();
  const saveScan = useSaveScan();
  const [savedProductId, setSavedProductId] = useState<number | null>(null);
  /** The form holds text read from a photo, not yet checked by the user. */
  const [readFromPhoto, setReadFromPhoto] = useState(false);
  const ingredientsRef = useRef<HTMLTextAreaElement>(null);
  const exampleRequest = useRef(0);

  /** A photo's text fills the form to check and edit: nothing is saved or counted until 'Analyse Ingredients'. */
  const fillFromPhoto = (label: ExtractedLabel) => {
    exampleRequest.current++;
    setSavedProductId(null);
    dispatch({ type: 'extracted', ...label });
    setReadFromPhoto(true);
    ingredientsRef.current?.focus();
  };

  const analyse = async (label: { productName: string; brandName: string; ingredients: string }) => {
    exampleRequest.current++;
    setSavedProductId(null);
    setReadFromPhoto(false);
    dispatch({ type: 'analyse' });
    // A label in another language fetches its words (once) while the analysis delay runs.
    await Promise.all([delay(ANALYSE_DELAY_MS), loadLabelLanguage(label.ingredients)]);
    const result = analyseIngredients(label.ingredients, preferences.data);
    dispatch({ type: 'analysed', result });
    clearScanDraft();
    const barcode = newBarcode ?? undefined;
    saveScan.mutate(
      { ...label, rating: result.rating, ...(barcode ? { barcode, offConsent } : {}) },
      { onSuccess: (saved) => onSaved(saved, barcode) },
    );
  };

  const onSaved = (saved: SavedScan | null, barcode: string | undefined) => {
    setSavedProductId(saved?.productId ?? null);
    if (!saved || !barcode) return;
    setNewBarcode(null);
    // One product per barcode: the user lands on the one someone else saved first.
    if (saved.alreadyKnown) {
      showToast({ title: BARCODE_ADDED_MEANWHILE });
      navigate(`/product/${saved.productId}`);
    }
  };

  const pickExample = async (key: ExampleKey) => {
    const request = ++exampleRequest.current;
    setSavedProductId(null);
    dispatch({ type: 'pickExample', key });
    await delay(EXAMPLE_DELAY_MS);
    if (request !== exampleRequest.current) return;
    dispatch({
      type: 'exampleRated',
      key,
      result: analyseIngredients(exampleByKey(key).ingredients, preferences.data),
    });
  };

  return {
    savedProductId,
    readFromPhoto,
    ingredientsRef,
    /** The scan waits to be saved until the browser is back online. */
    savePaused: saveScan.isPaused,
    fillFromPhoto,
    analyse,
    pickExample,
  };
}

export type LabelAnalysis = ReturnType<typeof useLabelAnalysis>;
