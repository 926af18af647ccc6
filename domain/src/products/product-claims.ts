import { unknownCommand, type Decider } from '../decider';
import type { BarcodeEvent, LabelEvent } from '../events/catalogue';

/**
 * The product a claim stream points at (the latest claim wins): `barcode-{code}` for a real
 * barcode, `label-{key}` for a named product without one.
 */
export interface ProductClaim {
  productId: number | null;
}

export const unclaimed: ProductClaim = { productId: null };

/** Manual analyses carry `MANUAL_{timestamp}` barcodes: they identify nothing and are never claimed. */
export function isClaimableBarcode(barcode: string): boolean {
  return barcode.trim() !== '' && !barcode.startsWith('MANUAL_');
}

export type ClaimEvent = BarcodeEvent | LabelEvent;

export interface ClaimForProduct {
  type: 'ClaimForProduct';
  /** The barcode, or the label key. */
  key: string;
  candidateId: number;
  /**
   * A holder known to have given the key up, read from its own stream (removed, or for a label
   * corrected to another one): if it holds the claim, the claim may move.
   */
  releasedHolder: number | null;
}

/**
 * Claims the key for `candidateId` when nobody holds it, or when its holder released it.
 * Appended with the revision that was read, so concurrent claimants get one winner.
 */
function claimDecider(
  claimed: (key: string, productId: number) => ClaimEvent,
): Decider<ClaimForProduct, ProductClaim, ClaimEvent> {
  return {
    decide(command, state) {
      switch (command.type) {
        case 'ClaimForProduct':
          if (state.productId !== null && state.productId !== command.releasedHolder) return [];
          return [claimed(command.key, command.candidateId)];
        default:
          return unknownCommand(command.type);
      }
    },
    evolve: (_state, event) => ({ productId: event.data.productId }),
    initialState: unclaimed,
  };
}

export const barcodeClaimDecider = claimDecider((barcode, productId): BarcodeEvent => ({
  type: 'BarcodeClaimed',
  data: { barcode, productId },
}));

export const labelClaimDecider = claimDecider((labelKey, productId): LabelEvent => ({
  type: 'ProductLabelClaimed',
  data: { labelKey, productId },
}));
