import { unknownCommand, type Decider } from '../decider';
import type { BarcodeEvent } from '../events/catalogue';

/** The product a `barcode-{code}` stream points at (the latest claim wins). */
export interface BarcodeClaim {
  productId: number | null;
}

export const unclaimedBarcode: BarcodeClaim = { productId: null };

/** Manual analyses carry `MANUAL_{timestamp}` barcodes: they identify nothing and are never claimed. */
export function isClaimableBarcode(barcode: string): boolean {
  return barcode.trim() !== '' && !barcode.startsWith('MANUAL_');
}

export function evolveBarcodeClaim(state: BarcodeClaim, event: BarcodeEvent): BarcodeClaim {
  switch (event.type) {
    case 'BarcodeClaimed':
      return { productId: event.data.productId };
    default:
      // A single-event union: its type, not the event, narrows to never.
      event.type satisfies never;
      return state;
  }
}

export interface ClaimBarcode {
  type: 'ClaimBarcode';
  barcode: string;
  candidateId: number;
  /** A product known to be removed (read from its own stream): if it holds the barcode, the claim may move. */
  removedHolder: number | null;
}

export type BarcodeCommand = ClaimBarcode;

/**
 * A `barcode-{code}` stream. Claims the barcode for `candidateId` when nobody holds it, or
 * when its holder was removed. Appended with the revision that was read, so concurrent
 * claimants get one winner.
 */
export const barcodeClaimDecider: Decider<BarcodeCommand, BarcodeClaim, BarcodeEvent> = {
  decide(command, state) {
    switch (command.type) {
      case 'ClaimBarcode':
        if (state.productId !== null && state.productId !== command.removedHolder) return [];
        return [
          { type: 'BarcodeClaimed', data: { barcode: command.barcode, productId: command.candidateId } },
        ];
      default:
        return unknownCommand(command.type);
    }
  },
  evolve: evolveBarcodeClaim,
  initialState: unclaimedBarcode,
};
