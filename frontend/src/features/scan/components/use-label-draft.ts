import { useEffect, useReducer, useState } from 'react';
import { useOffConsent } from '../../../shared/lib/off-consent';
import { keepScanDraft, readScanDraft } from './scan-draft';
import { initialScanState, scanReducer } from './scan-state';

/**
 * The label on the scan form and the new barcode it is for, restored from the tab's draft and
 * kept there while the form is idle; with the Open Food Facts answer asked with a new barcode.
 */
export function useLabelDraft() {
  const [draft] = useState(readScanDraft);
  const [state, dispatch] = useReducer(scanReducer, initialScanState, (initial) => ({
    ...initial,
    ...draft,
  }));
  /** A barcode nobody has added yet, which the label the user gives is saved under. */
  const [newBarcode, setNewBarcode] = useState<string | null>(draft.newBarcode ?? null);
  const [nameMissing, setNameMissing] = useState(false);
  const [offConsent, setOffConsent] = useOffConsent();
  const { productName, brandName, ingredients, phase } = state;
  useEffect(() => {
    if (phase === 'idle') keepScanDraft({ productName, brandName, ingredients, newBarcode });
  }, [productName, brandName, ingredients, newBarcode, phase]);

  return {
    state,
    dispatch,
    newBarcode,
    setNewBarcode,
    /** The user tried to save a new barcode's label without a name. */
    nameMissing,
    setNameMissing,
    offConsent,
    setOffConsent,
  };
}

export type LabelDraft = ReturnType<typeof useLabelDraft>;
